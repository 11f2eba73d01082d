import { type ReactNode, useState } from 'react';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';
import * as css from './UntranslatedText.css';

const T = TRANSLATION_TRUST_STRINGS;

/** Whether the bubble shows a machine translation made for me (what a report is about). */
export function isTranslatedForMe(message: MessageBubbleMessage): boolean {
  return (
    message.type === 'received' &&
    message.id !== null &&
    message.translated === true &&
    !message.deleted &&
    Boolean(message.original_message) &&
    message.original_message !== message.message
  );
}

/**
 * 'Report translation' among a translated message's actions (issue 26) and what it says after:
 * 'Thanks — reported.' (a polite status) or that it failed. Null item when not offered.
 */
export function useReportTranslation(
  message: MessageBubbleMessage,
  onReport: ((message: MessageBubbleMessage) => Promise<void>) | undefined,
): { item: { label: string; run: () => void } | null; status: ReactNode } {
  const [state, setState] = useState<'idle' | 'sending' | 'reported' | 'failed'>('idle');
  const offered = onReport !== undefined && isTranslatedForMe(message) && state !== 'reported';
  const item = offered
    ? {
        label: T.reportTranslation,
        run: () => {
          if (state === 'sending') return;
          setState('sending');
          onReport(message).then(
            () => setState('reported'),
            () => setState('failed'),
          );
        },
      }
    : null;
  const status = (
    <span role="status" className={css.reportStatus}>
      {state === 'reported' ? T.reported : state === 'failed' ? T.reportFailed : ''}
    </span>
  );
  return { item, status };
}
