import type { ModerationOverviewResponse } from '@parley/chat-sdk';
import { Link } from '../../context/Link';
import { OPERATORS_STRINGS } from '../../operatorsStrings';
import * as account from '../../screens/private/account.css';
import { ROUTES } from '../../strings';
import * as css from './OperatorsOverview.css';

const S = OPERATORS_STRINGS;

/** What the dashboard knows of the overview: still loading, failed, or the counts. */
export type OperatorsOverviewState = 'loading' | 'failed' | ModerationOverviewResponse;

const ROWS = [
  ['open_reports', S.openReports],
  ['open_translation_reports', S.openTranslationReports],
  ['actions_this_week', S.actionsThisWeek],
  ['suspended_accounts', S.suspendedAccounts],
] as const;

/**
 * The operators' overview (issue 29): staff's counts of open reports, translation reports,
 * actions in the last 7 days and suspended accounts, with the way to the review queue.
 */
export function OperatorsOverview({ state }: { state: OperatorsOverviewState }) {
  return (
    <section
      className={account.card}
      aria-labelledby="dashboard-operators"
      aria-busy={state === 'loading'}
    >
      <h2 id="dashboard-operators" className={account.cardTitle}>
        {S.overviewTitle}
      </h2>
      {state === 'loading' ? (
        <p className={account.muted} role="status">
          {S.loading}
        </p>
      ) : state === 'failed' ? (
        <p className={account.error} role="alert">
          {S.failed}
        </p>
      ) : (
        <dl className={css.counts}>
          {ROWS.map(([key, label]) => (
            <div key={key} className={css.count}>
              <dt className={css.label}>{label}</dt>
              <dd className={css.figure}>{state[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className={account.text}>
        <Link href={ROUTES.moderation} className={account.link}>
          {S.review}
        </Link>
      </p>
    </section>
  );
}
