import {
  formatRecordingTime,
  type RecorderController,
  type RecorderErrorCode,
  type RecordingPreview,
} from '@parley/chat-sdk';
import { useEffect, useRef } from 'react';
import { useSdkState } from '../../context/ParleyProvider';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { MicIcon, SendIcon, StopIcon, TrashIcon } from '../private/icons';
import * as controls from '../private/recorderControls.css';
import * as css from './VoiceRecorder.css';

const M = MEDIA_STRINGS;

/** What the person is told when recording cannot start (spec §8 'No microphone detected.'). */
export function recorderErrorText(code: RecorderErrorCode): string {
  switch (code) {
    case 'no_microphone':
      return M.noMicrophone;
    case 'permission_denied':
      return M.permissionDenied;
    case 'unsupported':
      return M.recordingUnsupported;
    default:
      return M.recordingFailed;
  }
}

export interface VoiceRecorderProps {
  /** The sdk's recorder controller (createRecorder); faked in stories. */
  recorder: RecorderController;
  /** Start recording as soon as the controls show (they open from the composer's mic button). */
  autoStart?: boolean;
  /** Send: the recording goes to the voice note flow (placeholder, upload, message). */
  onSend: (preview: RecordingPreview) => void;
  /** The controls close (after Delete, or when recording could not start). */
  onClose: () => void;
}

/**
 * Spec §4 voice recording: idle → recording (timer m:ss, Stop) → stopped with a preview (Send or
 * Delete). Loaded on first use of the composer's mic button.
 */
export default function VoiceRecorder({
  recorder,
  autoStart = false,
  onSend,
  onClose,
}: VoiceRecorderProps) {
  const state = useSdkState(recorder.state);
  const started = useRef(false);
  const stopRef = useRef<HTMLButtonElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!autoStart || started.current) return;
    started.current = true;
    void recorder.start();
  }, [autoStart, recorder]);

  // Focus follows the state so keyboard users land on the next action.
  useEffect(() => {
    if (state.status === 'recording') stopRef.current?.focus();
    if (state.status === 'stopped') sendRef.current?.focus();
  }, [state.status]);

  const error = state.error ? recorderErrorText(state.error) : null;

  return (
    <fieldset
      className={controls.panel}
      aria-label={M.voiceMessage}
      style={{ border: 0, margin: 0 }}
    >
      {state.status === 'recording' || state.status === 'starting' ? (
        <>
          <span className={controls.dot} aria-hidden="true" />
          <span className={controls.timer} role="timer" aria-label={M.recordingTime}>
            {formatRecordingTime(state.elapsedMs)}
          </span>
          <span style={{ flex: 1 }}>{M.recordingNow}</span>
          <button
            ref={stopRef}
            type="button"
            className={controls.primaryButton}
            aria-label={M.stopRecording}
            disabled={state.status !== 'recording'}
            onClick={() => void recorder.stop()}
          >
            <StopIcon />
          </button>
        </>
      ) : null}
      {state.status === 'stopped' && state.preview ? (
        <>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={M.deleteRecording}
            onClick={() => {
              recorder.discard();
              onClose();
            }}
          >
            <TrashIcon />
          </button>
          <span className={controls.timer}>{formatRecordingTime(state.preview.durationMs)}</span>
          {state.preview.url ? (
            // biome-ignore lint/a11y/useMediaCaption: a voice message preview has no captions
            <audio className={css.audio} controls src={state.preview.url} aria-label={M.preview} />
          ) : (
            <span style={{ flex: 1 }}>{M.preview}</span>
          )}
          <button
            ref={sendRef}
            type="button"
            className={controls.primaryButton}
            aria-label={M.sendVoice}
            onClick={() => {
              const preview = recorder.take();
              if (preview) onSend(preview);
              onClose();
            }}
          >
            <SendIcon />
          </button>
        </>
      ) : null}
      {state.status === 'idle' ? (
        <>
          <button
            type="button"
            className={controls.primaryButton}
            aria-label={M.record}
            onClick={() => void recorder.start()}
          >
            <MicIcon />
          </button>
          <button
            type="button"
            className={controls.iconButton}
            aria-label={M.deleteRecording}
            onClick={onClose}
          >
            <TrashIcon />
          </button>
        </>
      ) : null}
      {error ? (
        <p className={css.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export { VoiceRecorder };
