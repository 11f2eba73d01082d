import { useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import * as css from '../../screens/private/account.css';
import { Button } from '../Button/Button';

const S = ACCOUNT_STRINGS.dashboard;

export interface InviteLinkCopyProps {
  /** The organisation's current invite link. */
  link: string;
}

/**
 * The organisation's invite link with 'Copy invite link': the button then reads 'Copied' and a
 * polite live region says 'Invite link copied.' (or that copying failed), as the dashboard does.
 * A new link (after a member is removed) starts over at 'Copy invite link'.
 */
export function InviteLinkCopy({ link }: InviteLinkCopyProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new link is a new thing to copy
  useEffect(() => setState('idle'), [link]);
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(link).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <div className={css.prose}>
      <label className={css.row}>
        <span>{S.inviteLink}</span>
        <input readOnly value={link} size={Math.min(60, link.length)} className={css.shrink} />
      </label>
      <div className={css.row}>
        <Button variant="secondary" onClick={copy}>
          {state === 'copied' ? S.copiedButton : S.copy}
        </Button>
      </div>
      <p className={state === 'failed' ? css.error : css.muted} role="status">
        {state === 'copied' ? S.copied : state === 'failed' ? S.copyFailed : ''}
      </p>
    </div>
  );
}
