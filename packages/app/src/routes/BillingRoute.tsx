import { BillingScreen } from '@parley/ui';

export function BillingRoute() {
  return <BillingScreen />;
}
