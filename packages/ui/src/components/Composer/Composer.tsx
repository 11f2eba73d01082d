import type {
  Correction,
  MessageMention,
  RecorderController,
  RecordingPreview,
} from '@parley/chat-sdk';
import {
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { LinkPreviewCard } from '../LinkPreviewCard/LinkPreviewCard';
import type { ComposerLiveTalk } from '../LiveTalk/LiveTalkControls';
import { ComposerModeBar } from '../MessageActions/ComposerModeBar';
import type { ComposerMode } from '../MessageActions/messageActionTypes';
import { LiveIcon, MicIcon, PaperclipIcon, SendIcon } from '../private/icons';
import { useStableId } from '../private/useStableId';
import * as css from './Composer.css';
import { AttachmentPreview } from './private/AttachmentPreview';
import { AutoCorrectSwitch } from './private/AutoCorrectSwitch';
import { MentionPicker, mentionOptionId } from './private/MentionPicker';
import { SpellingSuggestions } from './private/SpellingSuggestions';
import { tool } from './private/toolButton.css';
import {
  type ComposerFile,
  type UploadComposerFile,
  useAttachmentUpload,
} from './private/useAttachmentUpload';
import { type PreviewLink, useLinkPreviewDraft } from './private/useLinkPreviewDraft';
import { useMentionPicker } from './private/useMentionPicker';
import { type CheckSpelling, useSpellCheck } from './private/useSpellCheck';

export type { ComposerFile, UploadComposerFile } from './private/useAttachmentUpload';
export type { PreviewLink } from './private/useLinkPreviewDraft';
export type { CheckSpelling } from './private/useSpellCheck';

/** What a message carries besides its text and file (Parley extensions, issue 25). */
export interface ComposerSendExtras {
  /** The group members chosen with '@' whom the text still names. */
  mentions?: MessageMention[];
  /** The writer removed the link's card. */
  linkPreview?: false;
}

const S = UI_STRINGS.chat;
const M = MEDIA_STRINGS;
const L = UI_STRINGS.links;

/** The recording controls load on first use of the mic button (spec: heavy parts load late). */
const VoiceRecorder = lazy(() => import('../VoiceRecorder/VoiceRecorder'));
const LiveTalkControls = lazy(() => import('../LiveTalk/LiveTalkControls'));

export interface ComposerProps {
  /**
   * Called with the text (untrimmed inside, trimmed at the ends) on Enter or the Send button, and
   * the uploaded attachment when there is one.
   */
  onSend: (text: string, file?: ComposerFile, extras?: ComposerSendExtras) => void;
  /** A group's members (others than the writer): '@' offers them. Omit in private chats. */
  mentionCandidates?: readonly MessageMention[];
  /** Shows the card of the draft's first link before sending (the sdk's chat.linkPreview). */
  previewLink?: PreviewLink;
  /** Offers the attach button (spec §4 file attach: select, upload with progress, remove or send). */
  uploadFile?: UploadComposerFile;
  /** Offers the mic button: the recorder for a voice note (created on first use). */
  createRecorder?: () => RecorderController;
  /** A recorded voice note to send (the sdk's sendVoiceNote). */
  onSendVoice?: (preview: RecordingPreview) => void;
  /**
   * Offers 'Talk live': a live talk bound to the open room (the sdk's createLiveTalk), made fresh
   * for each talk. Nothing of it is kept; a voice note is never streamed.
   */
  createLiveTalk?: () => ComposerLiveTalk;
  /** Every edit that leaves text (the sdk's setTyping sends typing true, then false after 2 s). */
  onTyping?: () => void;
  /** On blur (sending stops typing in the sdk itself). */
  onStopTyping?: () => void;
  /** An attached, uploaded file also allows sending without text (spec §4). */
  hasFile?: boolean;
  disabled?: boolean;
  defaultValue?: string;
  ref?: Ref<HTMLTextAreaElement>;
  /**
   * Checks the draft in the writer's language after a pause in typing; omit to offer no spelling
   * help. Misspellings are underlined and listed with their suggestions.
   */
  checkSpelling?: CheckSpelling;
  /** Pause before a check, in ms (default 500). */
  checkDelayMs?: number;
  /** Apply the first suggestion of each flagged word on send. Off: sent exactly as typed. */
  autoCorrect?: boolean;
  /** Shows the 'Auto-correct' switch (with checkSpelling). */
  onAutoCorrectChange?: (on: boolean) => void;
  /**
   * Replying (a quote bar above the field) or editing (the text prefilled, text only). Escape or
   * the bar's × calls onCancelMode.
   */
  mode?: ComposerMode | null;
  onCancelMode?: () => void;
}

/**
 * The composer: text, and with their props an attachment, spelling help, a voice note and live
 * talk. Send is disabled while text and file are both empty (spec §4); Enter sends, Shift+Enter
 * adds a line, and Enter while an input method is composing does neither. With `checkSpelling`,
 * misspellings are underlined and listed as buttons offering suggestions; the text only changes
 * when the writer picks one, or on send with auto-correct on — never silently otherwise.
 */
export function Composer({
  onSend,
  onTyping,
  onStopTyping,
  hasFile = false,
  disabled = false,
  defaultValue = '',
  ref,
  checkSpelling,
  checkDelayMs = 500,
  autoCorrect = false,
  onAutoCorrectChange,
  uploadFile,
  createRecorder,
  onSendVoice,
  createLiveTalk,
  mode = null,
  onCancelMode,
  mentionCandidates,
  previewLink,
}: ComposerProps) {
  const id = useStableId();
  const mentionListId = useStableId();
  const fileInputId = useStableId();
  const upload = useAttachmentUpload(uploadFile);
  const { attachment } = upload;
  const [recorder, setRecorder] = useState<RecorderController | null>(null);
  const [recordingNote, setRecording] = useState(false);
  const [liveTalk, setLiveTalk] = useState<ComposerLiveTalk | null>(null);
  /** The mic is busy (a voice note or a live talk): the text field and other tools step aside. */
  const recording = recordingNote || liveTalk !== null;
  const [text, setText] = useState(defaultValue);
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  const spelling = useSpellCheck({ text, setText, checkSpelling, checkDelayMs, textareaRef });
  const mentions = useMentionPicker({ text, setText, candidates: mentionCandidates, textareaRef });
  const linkCard = useLinkPreviewDraft(text, previewLink);
  useImperativeHandle(ref, () => textareaRef.current as HTMLTextAreaElement, []);
  const fileReady = hasFile || (attachment !== null && attachment.status !== 'failed');
  // Spec §4: disabled while text and file are both empty, or while the upload is at 1–99 %.
  const midUpload =
    attachment?.status === 'uploading' && attachment.progress >= 1 && attachment.progress <= 99;
  const canSend = !disabled && !sending && (text.trim() !== '' || fileReady) && !midUpload;

  const editing = mode?.kind === 'edit';
  const modeKey = mode
    ? mode.kind === 'edit'
      ? `edit:${mode.messageId}`
      : `reply:${mode.quote.id}`
    : null;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const wasEditing = useRef(false);
  // A new mode puts the writer in the field; editing brings the message's text, and leaving an
  // edit without sending it leaves an empty field again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the mode changes, not its object
  useEffect(() => {
    const current = modeRef.current;
    if (current?.kind === 'edit') setText(current.text);
    else if (wasEditing.current) setText('');
    wasEditing.current = current?.kind === 'edit';
    if (current) textareaRef.current?.focus();
  }, [modeKey]);

  useEffect(() => () => recorder?.dispose(), [recorder]);
  useEffect(() => () => liveTalk?.dispose(), [liveTalk]);
  const closeLiveTalk = useCallback(() => setLiveTalk(null), []);

  function extrasFor(out: string): ComposerSendExtras | undefined {
    const named = mentions.mentionsIn(out);
    const extras: ComposerSendExtras = {};
    if (named.length > 0) extras.mentions = named;
    if (linkCard.removed) extras.linkPreview = false;
    return Object.keys(extras).length > 0 ? extras : undefined;
  }

  function cleared() {
    setText('');
    spelling.reset();
    mentions.reset();
    linkCard.reset();
  }

  function finish(out: string) {
    const extras = extrasFor(out);
    const current = upload.attachmentRef.current;
    if (current && current.status !== 'failed') {
      // Sent at 0 % or 100 % before the answer: the message goes once the upload is done.
      setSending(true);
      void current.done.then((uploaded) => {
        setSending(false);
        if (!uploaded) return;
        if (extras) onSend(out.trim(), uploaded, extras);
        else onSend(out.trim(), uploaded);
        upload.sent(current);
        cleared();
      });
      return;
    }
    if (out.trim() === '' && !hasFile) return;
    if (extras) onSend(out.trim(), undefined, extras);
    else onSend(out.trim());
    cleared();
  }

  function send() {
    if (!canSend) return;
    const out = spelling.textToSend(text, autoCorrect);
    if (typeof out === 'string') {
      finish(out);
      return;
    }
    // No check of this exact text yet: it is asked for now, then the message goes.
    setSending(true);
    out.then(finish).finally(() => setSending(false));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (mentions.onKeyDown(event)) return;
    if (event.key === 'Escape' && mode && onCancelMode) {
      event.preventDefault();
      onCancelMode();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  const activeMention = mentions.open ? mentions.options[mentions.activeIndex] : undefined;

  const autoCorrectSwitch =
    checkSpelling && onAutoCorrectChange ? (
      <AutoCorrectSwitch on={autoCorrect} onChange={onAutoCorrectChange} />
    ) : null;

  return (
    <form
      className={css.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {mode && onCancelMode ? <ComposerModeBar mode={mode} onCancel={onCancelMode} /> : null}
      {attachment ? (
        <AttachmentPreview
          attachment={attachment}
          onRemove={upload.removeAttachment}
          onRetry={() => upload.attach(attachment.file)}
        />
      ) : null}
      {uploadFile && !editing ? (
        <>
          <input
            ref={upload.fileInputRef}
            id={fileInputId}
            type="file"
            className={visuallyHidden}
            tabIndex={-1}
            aria-label={M.attachInput}
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.attach(file);
            }}
          />
          <button
            type="button"
            className={tool}
            aria-label={M.attach}
            disabled={disabled || recording}
            onClick={() => upload.fileInputRef.current?.click()}
          >
            <PaperclipIcon />
          </button>
        </>
      ) : null}
      {liveTalk ? (
        <Suspense fallback={<span className={css.field} aria-busy="true" />}>
          <LiveTalkControls talk={liveTalk} onClose={closeLiveTalk} />
        </Suspense>
      ) : null}
      {recordingNote && recorder ? (
        <Suspense fallback={<span className={css.field} aria-busy="true" />}>
          <VoiceRecorder
            recorder={recorder}
            autoStart
            onSend={(preview) => onSendVoice?.(preview)}
            onClose={() => setRecording(false)}
          />
        </Suspense>
      ) : null}
      {linkCard.card ? (
        <LinkPreviewCard state={linkCard.card} onRemove={linkCard.remove} inComposer />
      ) : null}
      {linkCard.removed ? (
        <p className={css.previewRemoved} role="status">
          {L.previewRemoved}{' '}
          <button type="button" className={css.restorePreview} onClick={linkCard.restore}>
            {L.restorePreview}
          </button>
        </p>
      ) : null}
      {mentions.open ? (
        <MentionPicker
          id={mentionListId}
          options={mentions.options}
          activeIndex={mentions.activeIndex}
          onChoose={mentions.choose}
        />
      ) : null}
      <label htmlFor={id} className={visuallyHidden}>
        {S.composerLabel}
      </label>
      <div className={css.field} hidden={recording}>
        {spelling.flagged.length > 0 ? (
          <div ref={mirrorRef} className={css.mirror} aria-hidden="true" dir="auto">
            {underlined(text, spelling.flagged)}
          </div>
        ) : null}
        <textarea
          ref={textareaRef}
          id={id}
          className={css.textarea}
          rows={1}
          value={text}
          placeholder={S.composerPlaceholder}
          disabled={disabled}
          readOnly={sending}
          aria-busy={sending || undefined}
          dir="auto"
          spellCheck={checkSpelling ? false : undefined}
          aria-autocomplete={mentionCandidates ? 'list' : undefined}
          aria-controls={mentions.open && mentions.options.length > 0 ? mentionListId : undefined}
          aria-activedescendant={
            activeMention ? mentionOptionId(mentionListId, activeMention.user_id) : undefined
          }
          // Caret moves: React's onSelect reports them all; where the app renders with Preact it
          // is the native select event (a selection only), so keys and clicks report them too.
          onSelect={(event) => mentions.track(event.currentTarget)}
          onKeyUp={(event) => mentions.track(event.currentTarget)}
          onPointerUp={(event) => mentions.track(event.currentTarget)}
          onChange={(event) => {
            setText(event.target.value);
            mentions.track(event.target);
            if (event.target.value.trim() !== '') onTyping?.();
          }}
          onScroll={(event) => {
            if (mirrorRef.current) mirrorRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onKeyDown={onKeyDown}
          onBlur={() => onStopTyping?.()}
        />
      </div>
      {createRecorder && onSendVoice && !recording && !editing ? (
        <button
          type="button"
          className={tool}
          aria-label={M.record}
          disabled={disabled}
          onClick={() => {
            setRecorder((current) => current ?? createRecorder());
            setRecording(true);
          }}
        >
          <MicIcon />
        </button>
      ) : null}
      {createLiveTalk && !recording && !editing ? (
        <button
          type="button"
          className={tool}
          aria-label={M.talkLive}
          title={M.talkLive}
          disabled={disabled}
          onClick={() => setLiveTalk(createLiveTalk())}
        >
          <LiveIcon />
        </button>
      ) : null}
      {recording ? null : (
        <button type="submit" className={css.send} aria-label={S.send} disabled={!canSend}>
          <SendIcon />
        </button>
      )}
      {checkSpelling && (spelling.flagged.length > 0 || autoCorrectSwitch) ? (
        <div className={css.tools}>
          <SpellingSuggestions
            corrections={spelling.flagged}
            onReplace={spelling.replace}
            onIgnore={spelling.ignore}
          />
          {autoCorrectSwitch}
        </div>
      ) : null}
    </form>
  );
}

/** The draft with flagged ranges wrapped in marks, for the underline layer under the textarea. */
function underlined(text: string, corrections: readonly Correction[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const c of [...corrections].sort((a, b) => a.offset - b.offset)) {
    if (c.offset < at) continue;
    parts.push(text.slice(at, c.offset));
    parts.push(
      <mark key={`${c.offset}:${c.word}`} className={css.misspelling}>
        {c.word}
      </mark>,
    );
    at = c.offset + c.length;
  }
  // A trailing newline needs a character after it to take up a line, as in the textarea.
  parts.push(`${text.slice(at)}\u200b`);
  return parts;
}
