// The flags are written by SQL, so they live with the repositories (plugins/app/plan-flags.ts);
// this path stays for the organisation store, which still calls them with its own transaction.
export {
  GRANTING_STATUSES,
  refreshOrganizationFlags,
  refreshPlanFlags,
} from '../plugins/app/plan-flags.js';
