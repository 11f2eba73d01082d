import { useEffect, useRef, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import * as css from './MessageRequest.css';

const S = UI_STRINGS.messageRequests;

export interface MessageRequestBannerProps {
  /** Who sent the request (their username). */
  name: string;
  onAccept: () => void | Promise<void>;
  /** Called once the person confirmed (Block reuses the block feature). */
  onBlock: () => void | Promise<void>;
  /** Called once the person confirmed. */
  onDelete: () => void | Promise<void>;
}

type Step = 'choose' | 'block' | 'delete';

/**
 * Issue 25: what the receiver of a message request sees in place of the composer — who wants to
 * message them, that their reads stay hidden until they accept, and Accept / Block / Delete. Block
 * and Delete ask to confirm first; focus moves to the confirming button and back on Cancel.
 */
export function MessageRequestBanner({
  name,
  onAccept,
  onBlock,
  onDelete,
}: MessageRequestBannerProps) {
  const [step, setStep] = useState<Step>('choose');
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const blockRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  // Where focus goes after a step change: the confirming button, or back to Block / Delete.
  const focusAfter = useRef<Step | null>(null);

  useEffect(() => {
    const from = focusAfter.current;
    if (from === null) return;
    focusAfter.current = null;
    if (step !== 'choose') confirmRef.current?.focus();
    else (from === 'block' ? blockRef : deleteRef).current?.focus();
  }, [step]);

  function go(next: Step) {
    focusAfter.current = next === 'choose' ? step : next;
    setStep(next);
  }

  async function run(action: () => void | Promise<void>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={css.banner} aria-label={S.bannerLabel}>
      <h2 className={css.title}>{S.wantsToMessage(name)}</h2>
      {step === 'choose' ? (
        <>
          <p className={css.hint}>{S.readsHidden}</p>
          <div className={css.actions}>
            <Button busy={busy} onClick={() => void run(onAccept)}>
              {S.accept}
            </Button>
            <Button variant="secondary" ref={blockRef} onClick={() => go('block')}>
              {S.block}
            </Button>
            <Button variant="secondary" ref={deleteRef} onClick={() => go('delete')}>
              {S.delete}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={css.hint} role="alert">
            {step === 'block' ? S.confirmBlock(name) : S.confirmDelete(name)}
          </p>
          <div className={css.actions}>
            <Button
              variant="danger"
              ref={confirmRef}
              busy={busy}
              onClick={() => void run(step === 'block' ? onBlock : onDelete)}
            >
              {step === 'block' ? S.block : S.delete}
            </Button>
            <Button variant="ghost" onClick={() => go('choose')}>
              {S.cancel}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
