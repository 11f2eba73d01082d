import { type CallSession, type ParleyClient, wavChunker } from '@parley/chat-sdk';
import { useEffect, useState } from 'react';
import { CALL_STRINGS } from '../../callStrings';
import { CallOverlay, type CallOverlayCaption } from '../../components/CallOverlay/CallOverlay';
import { IncomingCallPrompt } from '../../components/IncomingCallPrompt/IncomingCallPrompt';
import { useParleyClient, useSdkState, useSession } from '../../context/ParleyProvider';

export interface CallLayerProps {
  /**
   * Where the page serves the sdk's CAPTURE_WORKLET_SOURCE, for a Content-Security-Policy that
   * allows scripts only from 'self' (default: the sdk loads it from a blob: URL).
   */
  captureWorkletUrl?: string;
}

/**
 * The current call, wherever the user is: the incoming prompt while it rings, then the overlay.
 * Mount it once under the signed-in layout (the app loads it on the first call). While connected
 * it sends the microphone's audio to the server for captions when the server offers them.
 */
export function CallLayer({ captureWorkletUrl }: CallLayerProps = {}) {
  const client = useParleyClient();
  const calls = useSdkState(client.calls.state);
  const session = calls.current as CallSession | null;
  if (!session) return null;
  return (
    <CallSessionView
      key={sessionKey(session)}
      client={client}
      session={session}
      captureWorkletUrl={captureWorkletUrl}
    />
  );
}

const keys = new WeakMap<CallSession, number>();
let nextKey = 0;
function sessionKey(session: CallSession): number {
  let key = keys.get(session);
  if (key === undefined) {
    key = ++nextKey;
    keys.set(session, key);
  }
  return key;
}

function useCaptionLanguages(client: ParleyClient): string[] | null {
  const [languages, setLanguages] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    client.api.meta
      .capabilities()
      .then((caps) => {
        if (live) setLanguages(caps.calls?.caption_languages ?? []);
      })
      .catch(() => {
        if (live) setLanguages([]);
      });
    return () => {
      live = false;
    };
  }, [client]);
  return languages;
}

function CallSessionView({
  client,
  session,
  captureWorkletUrl,
}: {
  client: ParleyClient;
  session: CallSession;
  captureWorkletUrl?: string;
}) {
  const state = useSdkState(session.state);
  const me = useSession().user;
  const captionLanguages = useCaptionLanguages(client);
  const captionsOffered = (captionLanguages?.length ?? 0) > 0;
  const [dismissed, setDismissed] = useState(false);

  // Captions: the microphone's audio goes to our server (never a third party) while connected.
  const connected = state.status === 'connected';
  const stream = state.localStream;
  useEffect(() => {
    if (!connected || !captionsOffered || !stream) return;
    return wavChunker({
      stream,
      onChunk: (audio, final) => client.calls.sendCaptionAudio(audio, 'audio/wav', final),
      ...(captureWorkletUrl ? { workletUrl: captureWorkletUrl } : {}),
    });
  }, [client, connected, captionsOffered, stream, captureWorkletUrl]);

  const peer = state.peer;
  if (state.direction === 'incoming' && state.status === 'ringing') {
    return (
      <IncomingCallPrompt
        open
        callerName={peer.username}
        avatarSrc={peer.profile_image}
        colorKey={peer.id}
        callType={state.callType}
        onAccept={() => void session.accept()}
        onDecline={() => session.decline()}
      />
    );
  }
  // An ended call closes the overlay, unless there is something to explain (no microphone).
  const open = state.status !== 'ended' || (state.error !== null && !dismissed);
  if (!open) return null;
  const captions: CallOverlayCaption[] = state.captions.map((caption) => ({
    id: caption.id,
    speaker: caption.from === me?.id ? CALL_STRINGS.you : peer.username,
    text: caption.text,
    unavailable: caption.unavailable,
    mine: caption.from === me?.id,
  }));
  return (
    <CallOverlay
      open
      peerName={peer.username}
      avatarSrc={peer.profile_image}
      colorKey={peer.id}
      callType={state.callType}
      status={state.status}
      muted={state.muted}
      cameraOff={state.cameraOff}
      connectedAt={state.connectedAt}
      localStream={state.localStream as MediaStream | null}
      remoteStream={state.remoteStream as MediaStream | null}
      captions={captions}
      captionsOffered={captionsOffered}
      error={state.error}
      endReason={state.endReason}
      onToggleMute={() => session.setMuted(!state.muted)}
      onToggleCamera={() => session.setCameraOff(!state.cameraOff)}
      onEnd={() => {
        if (state.status === 'ended') setDismissed(true);
        else session.hangUp();
      }}
    />
  );
}
