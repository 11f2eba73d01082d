import { formatRecordingTime, type LiveTalkError, type LiveTalkState } from '@parley/chat-sdk';
import { useEffect, useRef } from 'react';
import { useSdkState } from '../../context/ParleyProvider';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { StopIcon } from '../private/icons';
import * as controls from '../private/recorderControls.css';
import { recorderErrorText } from '../VoiceRecorder/VoiceRecorder';
import * as css from './LiveTalkControls.css';

const M = MEDIA_STRINGS;

/** The part of the sdk's LiveTalk the controls use, already bound to the open room. */
export interface ComposerLiveTalk {
  /** A valtio proxy (the sdk's `createLiveTalk().state`). */
  readonly state: LiveTalkState;
  start(): Promise<boolean>;
  stop(): Promise<void>;
  dispose(): void;
}

/** Why a live talk could not start or ended early, for the person. */
export function liveTalkErrorText(code: LiveTalkError): string {
  if (code === 'offline') return M.liveOffline;
  if (code === 'interrupted') return M.liveInterrupted;
  return recorderErrorText(code);
}

export interface LiveTalkControlsProps {
  talk: ComposerLiveTalk;
  /** The controls close (after a talk ends, or when one could not start). */
  onClose: () => void;
}

/**
 * Live talk in the composer: starts at once, shows 'Live' with the time and who hears it, and
 * 'Stop talking'. When the talk could not start or the connection dropped, says why and offers
 * Close. Loaded on first use of the composer's 'Talk live' button.
 */
export default function LiveTalkControls({ talk, onClose }: LiveTalkControlsProps) {
  const state = useSdkState(talk.state);
  const started = useRef(false);
  const stopRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasLive = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void talk.start();
  }, [talk]);

  useEffect(() => {
    if (state.status === 'live') {
      wasLive.current = true;
      stopRef.current?.focus();
    }
    if (state.status !== 'idle') return;
    if (state.error) closeRef.current?.focus();
    // A talk that ended well leaves the composer as it was.
    else if (wasLive.current) onClose();
  }, [state.status, state.error, onClose]);

  const error = state.status === 'idle' && state.error ? liveTalkErrorText(state.error) : null;

  return (
    <fieldset className={controls.panel} aria-label={M.liveTalk} style={{ border: 0, margin: 0 }}>
      {state.status === 'idle' ? null : (
        <>
          <span className={controls.dot} aria-hidden="true" />
          <strong>{M.liveNow}</strong>
          <span className={controls.timer} role="timer" aria-label={M.liveTime}>
            {formatRecordingTime(state.elapsedMs)}
          </span>
          <span className={css.hint}>
            {state.status === 'starting' ? M.liveStarting : M.liveHint}
          </span>
          <button
            ref={stopRef}
            type="button"
            className={controls.primaryButton}
            aria-label={M.stopTalking}
            disabled={state.status !== 'live'}
            onClick={() => void talk.stop()}
          >
            <StopIcon />
          </button>
        </>
      )}
      {error ? (
        <>
          <p className={css.inlineError} role="alert">
            {error}
          </p>
          <button ref={closeRef} type="button" className={css.textButton} onClick={onClose}>
            {M.closeLiveTalk}
          </button>
        </>
      ) : null}
    </fieldset>
  );
}

export { LiveTalkControls };
