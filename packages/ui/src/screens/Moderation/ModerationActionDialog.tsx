import { MODERATION_LIMITS, type ModerationActionName } from '@parley/chat-sdk';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { useStableId } from '../../components/private/useStableId';
import { Select } from '../../components/Select/Select';
import {
  MODERATION_STRINGS,
  SUSPENSION_DAYS,
  SUSPENSION_PERIODS,
  SUSPENSION_PERIODS_SOURCE,
  type SuspensionPeriodValue,
} from '../../moderationStrings';
import * as account from '../private/account.css';
import * as css from './Moderation.css';

const S = MODERATION_STRINGS;

type PeriodValue = SuspensionPeriodValue;

/** What the moderator confirmed: the reason (a warning's text) and a suspension's length. */
export interface ModerationConfirmation {
  reason: string;
  /** Days of a suspension; null: until lifted. */
  days: number | null;
}

export interface ModerationActionDialogProps {
  action: ModerationActionName;
  username: string;
  /** Running: the confirm button is busy. */
  busy: boolean;
  /** The server's message when the action failed (shown in the dialog, role=alert). */
  error: string | null;
  onConfirm: (confirmation: ModerationConfirmation) => void;
  onCancel: () => void;
}

function titleOf(action: ModerationActionName, username: string): string {
  const title = S.confirmTitle[action];
  return typeof title === 'function' ? title(username) : title;
}

/** Asks before any moderation action; warn and suspend ask for a reason, suspend for how long. */
export function ModerationActionDialog({
  action,
  username,
  busy,
  error,
  onConfirm,
  onCancel,
}: ModerationActionDialogProps) {
  const [reason, setReason] = useState('');
  const [period, setPeriod] = useState<PeriodValue>('7');
  const [missing, setMissing] = useState(false);
  const reasonId = useStableId();
  const needsReason = action === 'warn' || action === 'suspend';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsReason && reason.trim() === '') {
      setMissing(true);
      return;
    }
    const days = SUSPENSION_DAYS[period];
    onConfirm({ reason: reason.trim(), days: action === 'suspend' ? days : null });
  }

  return (
    <Modal
      open
      onClose={onCancel}
      title={titleOf(action, username)}
      description={S.confirmText[action]}
    >
      <form className={css.field} onSubmit={submit} noValidate>
        {action === 'suspend' ? (
          <Select<PeriodValue>
            label={S.periodLabel}
            value={period}
            onChange={(value) => setPeriod(value || '7')}
            options={SUSPENSION_PERIODS_SOURCE.map(({ value, label }, index) => ({
              value,
              label: SUSPENSION_PERIODS[index]?.label ?? label,
            }))}
          />
        ) : null}
        {action !== 'dismiss' ? (
          <div className={css.field}>
            <label htmlFor={reasonId}>{action === 'warn' ? S.warningLabel : S.reasonLabel}</label>
            <textarea
              id={reasonId}
              className={css.textarea}
              dir="auto"
              maxLength={MODERATION_LIMITS.reasonMax}
              value={reason}
              aria-invalid={missing || undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
            />
            {missing ? (
              <p className={account.error} role="alert">
                {S.needsReason}
              </p>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className={account.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={css.actions}>
          <Button
            type="submit"
            variant={action === 'dismiss' || action === 'lift_suspension' ? 'primary' : 'danger'}
            busy={busy}
          >
            {S.confirm}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {S.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
