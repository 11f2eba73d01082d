import {
  displayLanguageName,
  type ModerationActionName,
  type ModerationActionRequest,
  type ModerationQueueSort,
  type ModerationReportGroup,
  type ModerationReportsResponse,
  type ModerationTranslationReport,
} from '@parley/chat-sdk';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Select } from '../../components/Select/Select';
import { MODERATION_STRINGS } from '../../moderationStrings';
import * as account from '../private/account.css';
import * as css from './Moderation.css';
import { ModerationActionDialog, type ModerationConfirmation } from './ModerationActionDialog';
import { ReportGroupCard } from './ReportGroupCard';

const S = MODERATION_STRINGS;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ModerationQueueState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; queue: ModerationReportsResponse };

/** The action being confirmed: about a report group, or dismissing a translation report. */
type Pending =
  | { kind: 'group'; group: ModerationReportGroup; action: ModerationActionName }
  | { kind: 'translation'; report: ModerationTranslationReport; action: 'dismiss' };

/**
 * What an action about a group asks of the server. Every action but lifting a suspension and
 * removing the message closes the group's reports (their reporters are told): removing leaves
 * them open so the moderator can go on to warn or suspend the sender from the same card.
 */
export function actionRequest(
  group: ModerationReportGroup,
  action: ModerationActionName,
  { reason, days }: ModerationConfirmation,
  now = Date.now(),
): ModerationActionRequest {
  const request: ModerationActionRequest = { action };
  if (reason) request.reason = reason;
  if (action !== 'lift_suspension' && action !== 'remove_message' && action !== 'remove_post') {
    request.report_ids = group.reports.map((report) => report.id);
  }
  if (action === 'remove_message' && group.message) request.message_id = group.message.id;
  else if (action === 'remove_post' && group.post) request.post_id = group.post.id;
  else if (action !== 'dismiss') request.user_id = group.reported_user.id;
  if (action === 'suspend') {
    request.until = days === null ? null : new Date(now + days * DAY_MS).toISOString();
  }
  return request;
}

export interface ModerationQueueProps {
  state: ModerationQueueState;
  sort: ModerationQueueSort;
  onSortChange: (sort: ModerationQueueSort) => void;
  /** Moderators and staff see who reported. */
  showReporters: boolean;
  /** Takes the action; rejects with the message to show (the server's, when it gave one). */
  onAct: (request: ModerationActionRequest) => Promise<void>;
  onRetry: () => void;
}

/** The review queue: open report groups, then open translation reports, each with its actions. */
export function ModerationQueue({
  state,
  sort,
  onSortChange,
  showReporters,
  onAct,
  onRetry,
}: ModerationQueueProps) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  function close() {
    setPending(null);
    setError(null);
  }

  function confirm(confirmation: ModerationConfirmation) {
    if (!pending) return;
    const request =
      pending.kind === 'group'
        ? actionRequest(pending.group, pending.action, confirmation)
        : { action: 'dismiss' as const, translation_report_ids: [pending.report.id] };
    setRunning(true);
    setError(null);
    onAct(request).then(
      () => {
        setRunning(false);
        setDone(S.done[pending.action]);
        setPending(null);
      },
      (failure: unknown) => {
        setRunning(false);
        setError(failure instanceof Error && failure.message ? failure.message : S.actionFailed);
      },
    );
  }

  if (state.status === 'loading') {
    return (
      <p className={account.muted} role="status">
        {S.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={account.row}>
        <p className={account.error} role="alert">
          {state.message}
        </p>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {S.retry}
        </Button>
      </div>
    );
  }
  const { queue } = state;
  return (
    <>
      <div className={account.spread}>
        <p className={account.muted}>{S.openCount(queue.count)}</p>
        <Select<ModerationQueueSort>
          label={S.sortLabel}
          value={sort}
          onChange={(value) => onSortChange(value || 'newest')}
          options={[
            { value: 'newest', label: S.sortNewest },
            { value: 'most', label: S.sortMost },
          ]}
        />
      </div>
      <p role="status" className={account.muted}>
        {done}
      </p>
      {queue.results.length === 0 ? (
        <p className={account.card}>{S.empty}</p>
      ) : (
        <ul className={css.list} aria-label={S.queueLabel}>
          {queue.results.map((group) => (
            <ReportGroupCard
              key={group.key}
              group={group}
              showReporters={showReporters}
              busy={
                pending?.kind === 'group' && pending.group.key === group.key ? pending.action : null
              }
              onAction={(action) => {
                setDone('');
                setPending({ kind: 'group', group, action });
              }}
            />
          ))}
        </ul>
      )}
      <section className={account.card} aria-label={S.translationHeading}>
        <h2 className={account.cardTitle}>{S.translationHeading}</h2>
        {queue.translation_reports.length === 0 ? (
          <p className={account.muted}>{S.translationEmpty}</p>
        ) : (
          <ul className={css.plain}>
            {queue.translation_reports.map((report) => (
              <li key={report.id} className={css.field}>
                <p className={css.small}>
                  {S.translationPair(
                    displayLanguageName(report.source_language),
                    displayLanguageName(report.target_language),
                    report.engine,
                  )}
                  {showReporters ? ` · ${S.reportedBy(report.reporter.username)}` : null}
                </p>
                <p className={css.small}>{S.translationOriginal}</p>
                <blockquote className={css.original} dir="auto">
                  {report.original_text}
                </blockquote>
                <p className={css.small}>{S.translationGiven}</p>
                <blockquote className={css.quote} dir="auto">
                  {report.translated_text}
                </blockquote>
                <div className={css.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setDone('');
                      setPending({ kind: 'translation', report, action: 'dismiss' });
                    }}
                  >
                    {S.action.dismiss}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {pending ? (
        <ModerationActionDialog
          action={pending.action}
          username={
            pending.kind === 'group'
              ? pending.group.reported_user.username
              : pending.report.reporter.username
          }
          busy={running}
          error={error}
          onConfirm={confirm}
          onCancel={close}
        />
      ) : null}
    </>
  );
}
