import type {
  ModerationActionName,
  ModerationMessage,
  ModerationReportGroup,
} from '@parley/chat-sdk';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import { useStableId } from '../../components/private/useStableId';
import { MODERATION_STRINGS } from '../../moderationStrings';
import * as account from '../private/account.css';
import { ModeratedPost } from './ModeratedPost';
import * as css from './Moderation.css';
import { auditLine, moderationTime } from './moderationFormat';

const S = MODERATION_STRINGS;

/** The actions a group offers, in the order shown (the ones that apply to its state). */
export function actionsFor(group: ModerationReportGroup): ModerationActionName[] {
  const person = group.reported_user;
  const suspended = person.suspended_indefinitely || person.suspended_until !== null;
  const actions: ModerationActionName[] = ['dismiss'];
  if (group.message && !group.message.deleted) actions.push('remove_message');
  if (group.post && !group.post.removed) actions.push('remove_post');
  if (!person.deleted) {
    actions.push('warn', suspended ? 'lift_suspension' : 'suspend', 'delete_account');
  }
  return actions;
}

/** The reported message in the moderator's language, its original one tap away. */
export function ModeratedMessage({ message }: { message: ModerationMessage }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const originalId = useStableId();
  return (
    <>
      <blockquote className={css.quote} dir="auto">
        {message.message}
      </blockquote>
      {message.file_name ? <p className={css.small}>{S.attachment(message.file_name)}</p> : null}
      {message.deleted ? <p className={css.small}>{S.deletedMessage}</p> : null}
      {message.translation_failed ? <p className={css.small}>{S.translationFailed}</p> : null}
      {message.translated ? (
        <>
          <p className={css.small}>{S.translated}</p>
          <button
            type="button"
            className={css.toggle}
            aria-expanded={showOriginal}
            aria-controls={originalId}
            onClick={() => setShowOriginal((shown) => !shown)}
          >
            {showOriginal ? S.hideOriginal : S.viewOriginal}
          </button>
          <blockquote
            id={originalId}
            className={css.original}
            dir="auto"
            hidden={!showOriginal}
            aria-label={S.original}
          >
            {message.original_message}
          </blockquote>
        </>
      ) : null}
    </>
  );
}

export interface ReportGroupCardProps {
  group: ModerationReportGroup;
  /** A moderator (or staff) sees who reported; the view never shows it otherwise. */
  showReporters: boolean;
  /** The action whose dialog is open or running (its button busy), if one is. */
  busy: ModerationActionName | null;
  onAction: (action: ModerationActionName) => void;
}

/** One open group: what was reported, why and by whom, around what, and the person's history. */
export function ReportGroupCard({ group, showReporters, busy, onAction }: ReportGroupCardProps) {
  const person = group.reported_user;
  const headingId = useStableId();
  return (
    <li>
      <article className={account.card} aria-labelledby={headingId}>
        <div className={account.spread}>
          <h2 id={headingId} className={account.cardTitle}>
            {group.message
              ? S.aboutMessage(person.username)
              : group.post
                ? S.aboutPost(person.username)
                : S.aboutPerson(person.username)}
          </h2>
          <span className={css.small}>{S.reportCount(group.report_count)}</span>
        </div>
        {group.message ? <p className={css.small}>{S.in(group.message.room_name)}</p> : null}
        {person.deleted ? (
          <p className={css.small}>{S.deletedAccount}</p>
        ) : person.suspended_indefinitely ? (
          <p className={css.small}>{S.suspendedIndefinitely}</p>
        ) : person.suspended_until ? (
          <p className={css.small}>{S.suspendedUntil(moderationTime(person.suspended_until))}</p>
        ) : null}
        {group.message ? <ModeratedMessage message={group.message} /> : null}
        {group.post ? <ModeratedPost post={group.post} /> : null}
        <h3 className={css.subheading}>{S.reasonsHeading}</h3>
        <ul className={css.plain}>
          {group.reports.map((report) => (
            <li key={report.id}>
              <strong>{report.reason}</strong>
              {showReporters ? (
                <span className={css.small}> {S.reportedBy(report.reporter.username)}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {group.context.length > 1 ? (
          <>
            <h3 className={css.subheading}>{S.contextHeading}</h3>
            <ol className={css.context}>
              {group.context.map((line) => (
                <li
                  key={line.id}
                  dir="auto"
                  className={line.id === group.message?.id ? css.contextReported : undefined}
                >
                  {line.sender_username}: {line.message}
                  {line.id === group.message?.id ? ` (${S.reportedMarker})` : null}
                </li>
              ))}
            </ol>
          </>
        ) : null}
        <h3 className={css.subheading}>{S.earlierHeading}</h3>
        <p className={css.small}>{S.earlierReports(group.earlier_report_count)}</p>
        {group.earlier_actions.length === 0 ? (
          <p className={css.small}>{S.noEarlierActions}</p>
        ) : (
          <ul className={css.plain}>
            {group.earlier_actions.map((entry) => (
              <li key={entry.id} className={css.small} dir="auto">
                <bdi>{moderationTime(entry.created_at)}</bdi> · <bdi>{auditLine(entry)}</bdi>
                {entry.reason ? ` · ${S.auditReason(entry.reason)}` : null}
              </li>
            ))}
          </ul>
        )}
        <fieldset className={css.actions} aria-label={S.actionsLabel(person.username)}>
          {actionsFor(group).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={
                action === 'delete_account' ||
                action === 'remove_message' ||
                action === 'remove_post' ||
                action === 'suspend'
                  ? 'danger'
                  : 'secondary'
              }
              busy={busy === action}
              disabled={busy !== null && busy !== action}
              onClick={() => onAction(action)}
            >
              {S.action[action]}
            </Button>
          ))}
        </fieldset>
      </article>
    </li>
  );
}
