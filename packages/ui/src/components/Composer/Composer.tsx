import {
  applyCorrection,
  applyCorrections,
  type ChatFileType,
  type Correction,
  chatFileKind,
  formatFileSize,
  type RecorderController,
  type RecordingPreview,
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
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import type { ComposerLiveTalk } from '../LiveTalk/LiveTalkControls';
import { CloseIcon, LiveIcon, MicIcon, PaperclipIcon, SendIcon } from '../private/icons';
import { useStableId } from '../private/useStableId';
import * as css from './Composer.css';
import { SpellingSuggestions } from './private/SpellingSuggestions';

const S = UI_STRINGS.chat;
const C = UI_STRINGS.corrections;
const M = MEDIA_STRINGS;

/** The recording controls load on first use of the mic button (spec: heavy parts load late). */
const VoiceRecorder = lazy(() => import('../VoiceRecorder/VoiceRecorder'));
const LiveTalkControls = lazy(() => import('../LiveTalk/LiveTalkControls'));

/** An attachment the upload accepted: what the chat message carries (spec §7). */
export interface ComposerFile {
  url: string;
  name: string;
  type: ChatFileType;
  /** Bytes. */
  size: number;
}

/** Uploads a chosen file, reporting whole percents; the composer shows the bar. */
export type UploadComposerFile = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<{ url: string; name: string; type?: ChatFileType }>;

interface Attachment {
  file: File;
  /** An object URL for image previews. */
  previewUrl: string | null;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  uploaded: ComposerFile | null;
  done: Promise<ComposerFile | null>;
  controller: AbortController;
}

/** Spelling check of a draft: the flagged words (empty when the language is not supported). */
export type CheckSpelling = (text: string, signal: AbortSignal) => Promise<readonly Correction[]>;

export interface ComposerProps {
  /**
   * Called with the text (untrimmed inside, trimmed at the ends) on Enter or the Send button, and
   * the uploaded attachment when there is one.
   */
  onSend: (text: string, file?: ComposerFile) => void;
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
}

/** How long a send with auto-correct waits for a fresh check before sending as typed. */
const SEND_CHECK_TIMEOUT_MS = 3000;

interface Check {
  text: string;
  corrections: readonly Correction[];
}

/** The flagged word still sits at its offset in `text`. */
function applies(text: string, c: Correction): boolean {
  return c.offset + c.length <= text.length && text.slice(c.offset, c.offset + c.length) === c.word;
}

/**
 * The composer's text part. Send is disabled while text and file are both empty (spec §4); Enter
 * sends, Shift+Enter adds a line, and Enter while an input method is composing does neither.
 * With `checkSpelling`, misspellings are underlined and listed as buttons offering suggestions;
 * the text only changes when the writer picks one, or on send with auto-correct on — never
 * silently otherwise. File attach and voice recording are later issues.
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
}: ComposerProps) {
  const id = useStableId();
  const fileInputId = useStableId();
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const attachmentRef = useRef<Attachment | null>(null);
  attachmentRef.current = attachment;
  const [recorder, setRecorder] = useState<RecorderController | null>(null);
  const [recordingNote, setRecording] = useState(false);
  const [liveTalk, setLiveTalk] = useState<ComposerLiveTalk | null>(null);
  /** The mic is busy (a voice note or a live talk): the text field and other tools step aside. */
  const recording = recordingNote || liveTalk !== null;
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(defaultValue);
  const [check, setCheck] = useState<Check | null>(null);
  const [ignored, setIgnored] = useState<ReadonlySet<string>>(() => new Set());
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const mirrorRef = useRef<HTMLDivElement>(null);
  /** Where the caret goes once a chosen suggestion is in the textarea. */
  const caretRef = useRef<number | null>(null);
  const checkRef = useRef(checkSpelling);
  checkRef.current = checkSpelling;
  useImperativeHandle(ref, () => textareaRef.current as HTMLTextAreaElement, []);
  const fileReady = hasFile || (attachment !== null && attachment.status !== 'failed');
  // Spec §4: disabled while text and file are both empty, or while the upload is at 1–99 %.
  const midUpload =
    attachment?.status === 'uploading' && attachment.progress >= 1 && attachment.progress <= 99;
  const canSend = !disabled && !sending && (text.trim() !== '' || fileReady) && !midUpload;

  // The preview's object URL and an unfinished upload go with the attachment.
  useEffect(
    () => () => {
      const current = attachmentRef.current;
      if (current?.previewUrl) URL.revokeObjectURL(current.previewUrl);
      if (current?.status === 'uploading') current.controller.abort();
    },
    [],
  );
  useEffect(() => () => recorder?.dispose(), [recorder]);
  useEffect(() => () => liveTalk?.dispose(), [liveTalk]);
  const closeLiveTalk = useCallback(() => setLiveTalk(null), []);

  function attach(file: File) {
    if (!uploadFile) return;
    removeAttachment();
    const controller = new AbortController();
    const kind = chatFileKind(file.type, true) ?? 'application';
    const entry: Attachment = {
      file,
      previewUrl:
        kind === 'image' && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(file)
          : null,
      progress: 0,
      status: 'uploading',
      uploaded: null,
      controller,
      done: Promise.resolve(null),
    };
    let latest = entry;
    const track = (change: Partial<Attachment>) => {
      Object.assign(latest, change);
      latest = { ...latest };
      const next = latest;
      setAttachment((current) => (current && current.controller === controller ? next : current));
    };
    entry.done = uploadFile(
      file,
      (percent) => track({ progress: Math.max(0, Math.min(100, Math.round(percent))) }),
      controller.signal,
    ).then(
      (answer) => {
        const uploaded: ComposerFile = {
          url: answer.url,
          name: answer.name || file.name,
          type: answer.type ?? kind,
          size: file.size,
        };
        if (!controller.signal.aborted) track({ status: 'done', progress: 100, uploaded });
        return uploaded;
      },
      () => {
        if (!controller.signal.aborted) track({ status: 'failed' });
        return null;
      },
    );
    setAttachment(entry);
  }

  function removeAttachment() {
    const current = attachmentRef.current;
    if (!current) return;
    if (current.status === 'uploading') current.controller.abort();
    if (current.previewUrl) URL.revokeObjectURL(current.previewUrl);
    setAttachment(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the chosen suggestion's text is committed
  useLayoutEffect(() => {
    const caret = caretRef.current;
    if (caret === null || !textareaRef.current) return;
    caretRef.current = null;
    textareaRef.current.setSelectionRange(caret, caret);
  }, [text]);

  // A check after each pause in typing; a newer draft aborts the older check.
  useEffect(() => {
    const checker = checkRef.current;
    if (!checker || text.trim() === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      checker(text, controller.signal).then(
        (corrections) => {
          if (!controller.signal.aborted) setCheck({ text, corrections });
        },
        () => {
          // Spelling help is optional: a failed or aborted check just shows nothing new.
        },
      );
    }, checkDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, checkDelayMs]);

  // Corrections of an older draft stay shown only where their word is still in place.
  const flagged = checkSpelling
    ? (check?.corrections ?? []).filter((c) => !ignored.has(c.word) && applies(text, c))
    : [];

  function finish(out: string) {
    const current = attachmentRef.current;
    if (current && current.status !== 'failed') {
      // Sent at 0 % or 100 % before the answer: the message goes once the upload is done.
      setSending(true);
      void current.done.then((uploaded) => {
        setSending(false);
        if (!uploaded) return;
        onSend(out.trim(), uploaded);
        if (current.previewUrl) URL.revokeObjectURL(current.previewUrl);
        setAttachment(null);
        if (fileInputRef.current) fileInputRef.current.value = '';
        setText('');
        setCheck(null);
        setIgnored(new Set());
      });
      return;
    }
    if (out.trim() === '' && !hasFile) return;
    onSend(out.trim());
    setText('');
    setCheck(null);
    setIgnored(new Set());
  }

  function send() {
    if (!canSend) return;
    const draft = text;
    const checker = checkRef.current;
    const usable = (corrections: readonly Correction[]) =>
      corrections.filter((c) => !ignored.has(c.word));
    // Auto-correct off (or nothing to check): sent exactly as typed.
    if (!autoCorrect || !checker || draft.trim() === '') {
      finish(draft);
      return;
    }
    if (check?.text === draft) {
      finish(applyCorrections(draft, usable(check.corrections)));
      return;
    }
    // No check of this exact text yet: ask now, then send. No answer in time: it goes as typed.
    setSending(true);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_CHECK_TIMEOUT_MS);
    const gaveUp = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(new Error('check timed out')));
    });
    Promise.race([checker(draft, controller.signal), gaveUp])
      .then(
        (corrections) => finish(applyCorrections(draft, usable(corrections))),
        () => finish(draft),
      )
      .finally(() => {
        clearTimeout(timer);
        setSending(false);
      });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function replace(correction: Correction, replacement: string) {
    const next = applyCorrection(text, correction, replacement);
    setText(next);
    const delta = replacement.length - correction.length;
    // The rest of the check still holds for the new text: shift what follows the replaced word.
    setCheck({
      text: next,
      corrections: (check?.corrections ?? [])
        .filter((c) => c !== correction && applies(text, c))
        .map((c) => (c.offset > correction.offset ? { ...c, offset: c.offset + delta } : c)),
    });
    caretRef.current = correction.offset + replacement.length;
    textareaRef.current?.focus();
  }

  const autoCorrectSwitch =
    checkSpelling && onAutoCorrectChange ? (
      <button
        type="button"
        role="switch"
        aria-checked={autoCorrect}
        className={css.autoCorrect}
        title={C.autoCorrectHint}
        onClick={() => onAutoCorrectChange(!autoCorrect)}
      >
        <span className={css.switchTrack} aria-hidden="true">
          <span className={css.switchThumb} />
        </span>
        {C.autoCorrect}
      </button>
    ) : null;

  return (
    <form
      className={css.composer}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {attachment ? (
        <AttachmentPreview
          attachment={attachment}
          onRemove={removeAttachment}
          onRetry={() => attach(attachment.file)}
        />
      ) : null}
      {uploadFile ? (
        <>
          <input
            ref={fileInputRef}
            id={fileInputId}
            type="file"
            className={visuallyHidden}
            tabIndex={-1}
            aria-label={M.attachInput}
            disabled={disabled}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) attach(file);
            }}
          />
          <button
            type="button"
            className={css.tool}
            aria-label={M.attach}
            disabled={disabled || recording}
            onClick={() => fileInputRef.current?.click()}
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
      <label htmlFor={id} className={visuallyHidden}>
        {S.composerLabel}
      </label>
      <div className={css.field} hidden={recording}>
        {flagged.length > 0 ? (
          <div ref={mirrorRef} className={css.mirror} aria-hidden="true" dir="auto">
            {underlined(text, flagged)}
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
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value.trim() !== '') onTyping?.();
          }}
          onScroll={(event) => {
            if (mirrorRef.current) mirrorRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
          onKeyDown={onKeyDown}
          onBlur={() => onStopTyping?.()}
        />
      </div>
      {createRecorder && onSendVoice && !recording ? (
        <button
          type="button"
          className={css.tool}
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
      {createLiveTalk && !recording ? (
        <button
          type="button"
          className={css.tool}
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
      {checkSpelling && (flagged.length > 0 || autoCorrectSwitch) ? (
        <div className={css.tools}>
          <SpellingSuggestions
            corrections={flagged}
            onReplace={replace}
            onIgnore={(c) => setIgnored((set) => new Set(set).add(c.word))}
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

/** The chosen file: image preview (≤ 350 px high) or name, size in KB, the upload's bar, Remove. */
function AttachmentPreview({
  attachment,
  onRemove,
  onRetry,
}: {
  attachment: Attachment;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { file, previewUrl, progress, status } = attachment;
  return (
    <div className={css.attachment}>
      {previewUrl ? (
        <img
          className={css.attachmentImage}
          src={previewUrl}
          alt={M.attachmentPreview(file.name)}
        />
      ) : null}
      <div className={css.attachmentInfo}>
        <span className={css.attachmentName} dir="auto">
          {file.name}
        </span>
        <span className={css.attachmentSize}>{formatFileSize(file.size)}</span>
        {status === 'uploading' ? (
          <>
            <progress
              className={css.progress}
              max={100}
              value={progress}
              aria-label={M.uploadProgress}
              aria-valuetext={M.uploading(progress)}
            />
            <span className={css.attachmentSize} aria-live="polite">
              {M.uploading(progress)}
            </span>
          </>
        ) : null}
        {status === 'done' ? <span className={css.attachmentSize}>{M.uploaded}</span> : null}
        {status === 'failed' ? (
          <span role="alert" className={css.attachmentError}>
            {M.uploadFailed}{' '}
            <button type="button" className={css.linkButton} onClick={onRetry}>
              {M.retryUpload}
            </button>
          </span>
        ) : null}
      </div>
      <button type="button" className={css.tool} aria-label={M.removeFile} onClick={onRemove}>
        <CloseIcon />
      </button>
    </div>
  );
}
