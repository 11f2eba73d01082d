import {
  type CallEndReason,
  type CallStatus,
  type CallType,
  formatDuration,
} from '@parley/chat-sdk';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { CALL_STRINGS } from '../../callStrings';
import { Avatar } from '../Avatar/Avatar';
import { Button } from '../Button/Button';
import * as css from './CallOverlay.css';

const S = CALL_STRINGS;

/** One caption line as shown: who spoke and what, in the listener's language. */
export interface CallOverlayCaption {
  id: number;
  speaker: string;
  text: string;
  /** The speaker's language cannot be transcribed here: an honest note instead of text. */
  unavailable?: boolean;
  /** The listener spoke it: sentences about it are worded for 'you', not built from a name. */
  mine?: boolean;
}

export interface CallOverlayProps {
  open: boolean;
  peerName: string;
  avatarSrc?: string | null;
  colorKey?: string | number | null;
  callType: CallType;
  status: CallStatus;
  muted: boolean;
  cameraOff: boolean;
  /** Epoch ms the call connected; the timer counts from here. */
  connectedAt: number | null;
  /** "Now" in epoch ms, fixed in stories; the overlay ticks every second without it. */
  now?: number;
  localStream?: MediaStream | null;
  remoteStream?: MediaStream | null;
  captions: readonly CallOverlayCaption[];
  /** Whether captions are offered at all (the server has a transcriber). */
  captionsOffered?: boolean;
  error?: string | null;
  endReason?: CallEndReason | null;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onEnd: () => void;
}

function useNow(fixed: number | undefined, running: boolean): number {
  const [now, setNow] = useState(() => fixed ?? Date.now());
  useEffect(() => {
    if (fixed !== undefined || !running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [fixed, running]);
  return fixed ?? now;
}

function MediaView({
  stream,
  kind,
  label,
  className,
  muted,
}: {
  stream: MediaStream | null | undefined;
  kind: 'video' | 'audio';
  label?: string;
  className?: string;
  muted?: boolean;
}) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.srcObject !== (stream ?? null)) element.srcObject = stream ?? null;
    if (stream) void element.play?.().catch(() => undefined);
  }, [stream]);
  if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: live call audio; captions are the overlay's log
    return <audio ref={ref} autoPlay data-testid="remote-audio" />;
  }
  return (
    <video
      ref={ref}
      className={className}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid={muted ? 'local-video' : 'remote-video'}
    />
  );
}

/**
 * The live call (spec §2): the call type, Mute/Unmute and End Call, with the other person's name
 * and picture, both videos on a video call, the call timer and live captions in the listener's
 * language. A modal dialog: focus starts on End Call, Tab stays inside, and Escape does not end
 * the call by accident.
 */
export function CallOverlay({
  open,
  peerName,
  avatarSrc,
  colorKey,
  callType,
  status,
  muted,
  cameraOff,
  connectedAt,
  now: fixedNow,
  localStream,
  remoteStream,
  captions,
  captionsOffered = true,
  error,
  endReason,
  onToggleMute,
  onToggleCamera,
  onEnd,
}: CallOverlayProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const endButton = useRef<HTMLButtonElement>(null);
  const now = useNow(fixedNow, open && status === 'connected');

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      endButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  const preventEscape = (event: SyntheticEvent) => event.preventDefault();
  const statusText =
    status === 'ended'
      ? S.endReasons[endReason ?? 'ended']
      : status === 'ringing'
        ? S.ringing
        : status === 'connecting'
          ? S.connecting
          : status === 'reconnecting'
            ? S.reconnecting
            : null;
  const seconds = connectedAt === null ? 0 : (now - connectedAt) / 1000;
  const video = callType === 'video';

  return (
    <dialog
      ref={dialog}
      className={css.overlay}
      aria-label={S.overlayLabel(callType, peerName)}
      onCancel={preventEscape}
    >
      <div className={css.stage}>
        <header className={css.header}>
          <Avatar name={peerName} src={avatarSrc} colorKey={colorKey} size="md" />
          <div className={css.titles}>
            <h2 className={css.name} dir="auto">
              {peerName}
            </h2>
            <span className={css.type}>{S.callType(callType)}</span>
          </div>
          {connectedAt !== null && status !== 'ended' ? (
            <span className={css.timer} role="timer" aria-label={S.timerLabel}>
              {formatDuration(seconds)}
            </span>
          ) : null}
        </header>

        <div className={css.media}>
          {video ? (
            <MediaView
              stream={remoteStream}
              kind="video"
              label={S.remoteVideo(peerName)}
              className={css.remoteVideo}
            />
          ) : (
            <div className={css.audioOnly}>
              <Avatar name={peerName} src={avatarSrc} colorKey={colorKey} size="xl" />
              <MediaView stream={remoteStream} kind="audio" />
            </div>
          )}
          {video && !cameraOff ? (
            <MediaView
              stream={localStream}
              kind="video"
              muted
              label={S.localVideo}
              className={css.localVideo}
            />
          ) : null}
        </div>

        <p className={css.status} role="status">
          {statusText}
          {error ? <span className={css.error}> {error}</span> : null}
        </p>

        {captionsOffered ? (
          // Scrollable, so it takes focus for keyboard scrolling; the log announces new lines.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
          <section className={css.captions} aria-label={S.captionsLabel} tabIndex={0}>
            <div role="log" aria-live="polite">
              <ol className={css.captionList}>
                {captions.length === 0 ? (
                  <li className={css.captionHint}>{S.captionsEmpty}</li>
                ) : (
                  captions.map((caption) => (
                    <li key={caption.id} className={css.caption} dir="auto">
                      {caption.unavailable ? (
                        <em>
                          {caption.mine
                            ? S.captionsUnavailableYours
                            : S.captionsUnavailable(caption.speaker)}
                        </em>
                      ) : (
                        <>
                          <strong>{caption.speaker}: </strong>
                          {caption.text}
                        </>
                      )}
                    </li>
                  ))
                )}
              </ol>
            </div>
          </section>
        ) : null}

        <div className={css.controls}>
          <Button variant="secondary" onClick={onToggleMute} disabled={status === 'ended'}>
            {muted ? S.unmute : S.mute}
          </Button>
          {video ? (
            <Button variant="secondary" onClick={onToggleCamera} disabled={status === 'ended'}>
              {cameraOff ? S.cameraOn : S.cameraOff}
            </Button>
          ) : null}
          <Button variant="danger" onClick={onEnd} ref={endButton}>
            {S.endCall}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
