import {
  type CallEvent,
  displayLanguageName,
  formatDuration,
  MESSAGE_REQUEST_ERROR_CODE,
} from '@parley/chat-sdk';
import { CALL_STRINGS } from '../../callStrings';
import { useChatTheme } from '../../context/ChatThemeScope';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import { LinkPreviewCard } from '../LinkPreviewCard/LinkPreviewCard';
import { useMessageActions } from '../MessageActions/MessageActions';
import * as actionCss from '../MessageActions/MessageActions.css';
import type { MessageActionHandlers } from '../MessageActions/messageActionTypes';
import { QuoteBlock } from '../MessageActions/QuoteBlock';
import { AlertIcon, ClockIcon } from '../private/icons';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import { useMessageReactions } from '../Reactions/useMessageReactions';
import { ReadTicks } from '../ReadTicks/ReadTicks';
import { CorrectedTranslation } from '../TranslationTrust/CorrectedTranslation';
import { translatedNote } from '../TranslationTrust/translatedNote';
import { UntranslatedText } from '../TranslationTrust/UntranslatedText';
import * as css from './MessageBubble.css';
import type { MessageBubbleMessage } from './MessageBubbleMessage';
import { MediaContent } from './private/MediaContent';
import { MentionedText } from './private/MentionedText';
import { ViewOriginal } from './private/ViewOriginal';

export type { MessageBubbleMessage } from './MessageBubbleMessage';

const S = UI_STRINGS.chat;
const T = UI_STRINGS.translation;

/** A call record's words: started, ended with its length, missed or declined. */
export function callRecordText(event: Readonly<CallEvent>): string {
  const R = CALL_STRINGS.record;
  if (event.event === 'started') return R.started(event.call_type);
  if (event.duration_seconds !== undefined) {
    return R.ended(event.call_type, formatDuration(event.duration_seconds));
  }
  return event.reason === 'declined' ? R.declined(event.call_type) : R.missed(event.call_type);
}

export interface MessageBubbleProps {
  message: MessageBubbleMessage;
  /** Show the sender's name above received messages (groups). */
  showSender?: boolean;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** Offered on failed sends. */
  onRetry?: (clientId: string) => void;
  /** Reply, edit, delete and the quote's jump (message actions); omitted: none offered. */
  actions?: MessageActionHandlers;
  /** Just jumped to from a quote: outlined. */
  highlighted?: boolean;
  /** Opens with the actions showing (stories). */
  actionsOpen?: boolean;
  /** Show the card of a link (the reader's link previews setting; default on). */
  showLinkPreview?: boolean;
}

/**
 * One message, coloured by the chat theme (sent vs received bubble classes of ChatThemeScope), with
 * the spec's date display. 'sending' shows as a small clock; 'failed' as 'Not sent' with Retry.
 */
export function MessageBubble({
  message,
  showSender = false,
  now,
  onRetry,
  actions,
  highlighted = false,
  actionsOpen,
  showLinkPreview = true,
}: MessageBubbleProps) {
  const theme = useChatTheme();
  const sent = message.type === 'sent';
  const clientId = message.client_id;
  const deleted = message.deleted === true;
  // A sent message shows what was sent; a received one the text in the reader's language.
  const text = deleted
    ? ''
    : message.call_event
      ? callRecordText(message.call_event)
      : sent
        ? message.original_message || message.message
        : message.message;
  const original = message.original_message ?? '';
  const translated =
    !deleted &&
    !message.call_event &&
    !sent &&
    message.translated === true &&
    original !== '' &&
    original !== message.message;
  const failed = !sent && message.translation_failed === true;
  const sourceName = message.original_language
    ? displayLanguageName(message.original_language)
    : null;
  // Message actions (reply, edit, delete): the hook's parts, placed below; none without actions.
  const act = useMessageActions({
    message,
    actions: actions ?? {},
    text,
    now,
    defaultOpen: actionsOpen,
  });
  const extra = `${actions ? ` ${act.bubbleClass}` : ''}${highlighted ? ` ${actionCss.highlighted}` : ''}`;
  // Issue 25: reactions and ticks, when a ReactionsAndReceiptsProvider gives them. A long press
  // on a phone opens both the quick reactions and the actions menu, as WhatsApp does.
  const reactions = useMessageReactions(message);
  return (
    <div
      className={sent ? `${css.row} ${css.sentRow}` : css.row}
      data-status={message.status}
      {...(actions ? act.rowProps : {})}
    >
      <div
        className={`${sent ? theme.sentBubbleClass : theme.receivedBubbleClass} ${css.bubble}${extra}`}
        {...reactions.bubbleProps}
        data-beside-actions={actions ? true : undefined}
      >
        {showSender && !sent ? (
          <span className={css.sender} dir="auto">
            {message.sender_username}
          </span>
        ) : (
          <span className={visuallyHidden}>{sent ? S.you : message.sender_username}</span>
        )}
        {message.reply_to ? (
          <QuoteBlock quote={message.reply_to} onJump={actions?.onJumpToQuote} />
        ) : null}
        {deleted ? <p className={actionCss.deletedText}>{MESSAGE_ACTION_STRINGS.deleted}</p> : null}
        {translated && message.translation_suggestion ? (
          <CorrectedTranslation
            text={message.translation_suggestion.text}
            author={message.translation_suggestion.author_username}
            machine={text}
            language={message.translation_suggestion.language}
          />
        ) : text ? (
          <p className={css.text} dir="auto">
            {message.call_event ? (
              text
            ) : translated && message.untranslated_words ? (
              <UntranslatedText
                text={text}
                words={message.untranslated_words}
                mentions={message.mentions}
              />
            ) : (
              <MentionedText text={text} mentions={message.mentions} />
            )}
          </p>
        ) : null}
        {translated ? (
          <ViewOriginal
            original={original}
            language={message.original_language}
            label={T.originalLabel}
            note={translatedNote(sourceName, message.translated_by)}
          />
        ) : null}
        {sent && message.translation_suggestion && !deleted ? (
          <span className={css.translationNote} role="status">
            {TRANSLATION_TRUST_STRINGS.improvedBy(
              message.translation_suggestion.author_username,
              displayLanguageName(message.translation_suggestion.language),
            )}
          </span>
        ) : null}
        {failed ? (
          <span className={css.translationNote} title={T.notTranslatedHint}>
            {T.notTranslated}
          </span>
        ) : null}
        {deleted ? null : <MediaContent message={message} />}
        {!deleted && showLinkPreview && message.link_preview ? (
          <LinkPreviewCard state={{ status: 'loaded', preview: message.link_preview }} />
        ) : null}
        <span className={css.meta}>
          {message.edited_at && !deleted ? (
            <span className={actionCss.edited}>{MESSAGE_ACTION_STRINGS.edited}</span>
          ) : null}
          <time dateTime={message.timestamp} dir={timeDirection()}>
            {formatMessageTime(message.timestamp, now)}
          </time>
          {message.status === 'sending' ? (
            <span title={S.sending} data-testid="sending">
              <ClockIcon />
              <span className={visuallyHidden}>{S.sending}</span>
            </span>
          ) : null}
          {sent ? <ReadTicks message={message} now={now} /> : null}
        </span>
        {reactions.trigger}
        {actions ? act.trigger : null}
      </div>
      {reactions.below}
      {actions ? act.menu : null}
      {message.status === 'failed' ? (
        <span className={css.failed}>
          <AlertIcon />
          {message.error?.code === MESSAGE_REQUEST_ERROR_CODE
            ? UI_STRINGS.messageRequests.refused
            : // A limit says why (issue 29: a new account's first-day messages to strangers).
              message.error?.code === 'rate_limited' && message.error.detail
              ? S.notSentBecause(message.error.detail)
              : S.notSent}
          {onRetry && clientId ? (
            <button type="button" className={css.retry} onClick={() => onRetry(clientId)}>
              {S.retry}
            </button>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
