import { OrgMembersScreen } from '@parley/ui';

export function OrgMembersRoute() {
  return <OrgMembersScreen />;
}
