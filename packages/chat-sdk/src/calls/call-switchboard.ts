import { proxy, ref } from 'valtio/vanilla';
import type { HttpClient } from '../http/http-client';
import type { Logger } from '../logger';
import type { MetaApi } from '../meta-api';
import type {
  CallAudioFrame,
  CallSignalFrame,
  CallType,
  LiveTranscriptServerFrame,
} from '../protocol/calls';
import {
  CALL_PATHS,
  DEFAULT_ICE_SERVERS,
  type IceServer,
  type IceServersResponse,
} from '../protocol/calls';
import type { ClientFrame, ServerFrame } from '../protocol/socket';
import { type CallPeer, CallSession } from './call-session';
import type {
  CreatePeerConnection,
  GetUserMedia,
  MediaDevicesLike,
  PeerConnectionConfig,
} from './peer-types';

/** The socket as calls use it. */
export interface CallSocketLike {
  send(frame: ClientFrame): unknown;
  on(event: 'frame', listener: (frame: ServerFrame) => void): () => void;
}

export interface CallSwitchboardOptions {
  socket: CallSocketLike;
  http: Pick<HttpClient, 'request'>;
  meta: Pick<MetaApi, 'capabilities'>;
  me: () => { id: number; username: string } | null;
  logger: Logger;
  /** Default: `new RTCPeerConnection(config)` (browser). */
  createPeerConnection?: CreatePeerConnection;
  /** Default: `navigator.mediaDevices.getUserMedia` (browser). */
  getUserMedia?: GetUserMedia;
  /** Default: `navigator.mediaDevices` (browser); watched for devices coming and going mid-call. */
  mediaDevices?: MediaDevicesLike;
  ringTimeoutMs?: number;
  iceRestartTimeoutMs?: number;
}

/** A valtio proxy: the current call (or none). */
export interface CallsState {
  current: CallSession | null;
}

/**
 * The calls of one signed-in client (`client.calls`): places and receives calls over the chat
 * socket, one at a time (a second caller hears `busy`), and routes captions to the current call.
 */
export class CallSwitchboard {
  readonly state: CallsState = proxy<CallsState>({ current: null });
  private readonly offFrame: () => void;

  constructor(private readonly options: CallSwitchboardOptions) {
    this.offFrame = options.socket.on('frame', (frame) => this.onFrame(frame));
  }

  /** Whether this deployment offers calls (`/meta/capabilities`; absent on a spec backend). */
  async enabled(): Promise<boolean> {
    try {
      return (await this.options.meta.capabilities()).calls?.enabled === true;
    } catch {
      return false;
    }
  }

  /** The ICE servers for this user; the spec's public STUN server when the backend has none. */
  async iceServers(): Promise<IceServer[]> {
    return (await this.rtcConfiguration()).iceServers;
  }

  /**
   * The peer connection configuration for this user: the ICE servers and, when the deployment
   * relays every call (`ice_transport_policy: 'relay'`), the relay-only policy.
   */
  async rtcConfiguration(): Promise<PeerConnectionConfig> {
    try {
      const answer = await this.options.http.request<IceServersResponse>(CALL_PATHS.iceServers);
      return answer.ice_transport_policy === 'relay'
        ? { iceServers: answer.ice_servers, iceTransportPolicy: 'relay' }
        : { iceServers: answer.ice_servers };
    } catch (error) {
      this.options.logger.warn('[parley] no ICE servers from the server; using the default', error);
      return { iceServers: [...DEFAULT_ICE_SERVERS] };
    }
  }

  /**
   * Calls `peer`; ends a previous call first. Asking again for the same call while it is still up
   * (a double click before the call screen has loaded) returns that call rather than hanging it up
   * and ringing again.
   */
  call(peer: CallPeer, callType: CallType): CallSession {
    const current = this.state.current;
    if (
      current &&
      !current.ended &&
      current.peerId === peer.id &&
      current.state.direction === 'outgoing' &&
      current.state.callType === callType
    ) {
      return current;
    }
    current?.hangUp();
    const session = this.createSession(peer, callType, 'outgoing');
    void session.start();
    return session;
  }

  /**
   * Sends one chunk of the current call's audio for captions (base64 of a WAV file). Dropped
   * when no call is connected.
   */
  sendCaptionAudio(audio: string, mimeType = 'audio/wav', final = false): void {
    const me = this.options.me();
    const session = this.state.current;
    if (!me || !session || session.state.status !== 'connected') return;
    const frame: CallAudioFrame = {
      type: 'call_audio',
      from: me.id,
      to: session.peerId,
      mime_type: mimeType,
      audio,
    };
    if (final) frame.final = true;
    this.options.socket.send(frame);
  }

  dispose(): void {
    this.offFrame();
    this.state.current?.hangUp();
  }

  private createSession(
    peer: CallPeer,
    callType: CallType,
    direction: 'outgoing' | 'incoming',
  ): CallSession {
    const me = this.options.me();
    if (!me) throw new Error('Sign in before calling.');
    const session = new CallSession({
      me: { id: me.id, username: me.username },
      peer,
      callType,
      direction,
      send: (frame) => this.options.socket.send(frame),
      iceServers: () => this.iceServers(),
      rtcConfiguration: () => this.rtcConfiguration(),
      createPeerConnection: this.options.createPeerConnection ?? browserPeerConnection,
      getUserMedia: this.options.getUserMedia ?? browserGetUserMedia,
      mediaDevices: this.options.mediaDevices ?? browserMediaDevices(),
      logger: this.options.logger,
      ringTimeoutMs: this.options.ringTimeoutMs,
      iceRestartTimeoutMs: this.options.iceRestartTimeoutMs,
      onEnded: (ended) => {
        // The ended call stays visible (its reason) until another one replaces it.
        if (this.state.current === ended) this.state.current = ref(ended);
      },
    });
    this.state.current = ref(session);
    return session;
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.type === 'call_signal') this.onSignal(frame);
    else if (frame.type === 'live_transcript') this.onTranscript(frame);
  }

  private onSignal(frame: CallSignalFrame): void {
    const me = this.options.me();
    if (!me || frame.to !== me.id || frame.from === me.id) return;
    const current = this.state.current;
    if (current && !current.ended && current.peerId === frame.from) {
      void current.receive(frame.signal);
      return;
    }
    if (frame.signal.type !== 'offer' || frame.signal.restart) return;
    if (current && !current.ended) {
      // One call at a time: the second caller hears busy.
      this.options.socket.send({
        type: 'call_signal',
        from: me.id,
        to: frame.from,
        call_type: frame.call_type,
        signal: { type: 'hangup', reason: 'busy' },
      });
      return;
    }
    const caller = frame.user_objects?.find((user) => user.id === frame.from);
    const peer: CallPeer = {
      id: frame.from,
      username: caller?.username ?? String(frame.from),
      profile_image: caller?.profile_image ?? null,
    };
    const session = this.createSession(
      peer,
      frame.call_type === 'video' ? 'video' : 'audio',
      'incoming',
    );
    void session.receive(frame.signal);
  }

  private onTranscript(frame: LiveTranscriptServerFrame): void {
    const current = this.state.current;
    if (!current || current.ended) return;
    const me = this.options.me();
    if (frame.from !== current.peerId && frame.from !== me?.id) return;
    current.addCaption(frame.from, frame.transcript, frame.unavailable === true);
  }
}

const browserPeerConnection: CreatePeerConnection = (config) => {
  const Constructor = (globalThis as { RTCPeerConnection?: new (config: unknown) => unknown })
    .RTCPeerConnection;
  if (!Constructor) throw new Error('This browser cannot make calls (no RTCPeerConnection).');
  return new Constructor(config) as ReturnType<CreatePeerConnection>;
};

const browserMediaDevices = () =>
  (
    globalThis as {
      navigator?: {
        mediaDevices?: MediaDevicesLike & { getUserMedia?: (c: unknown) => Promise<unknown> };
      };
    }
  ).navigator?.mediaDevices;

const browserGetUserMedia: GetUserMedia = (constraints) => {
  const devices = browserMediaDevices();
  if (!devices?.getUserMedia) return Promise.reject(new Error('no media devices'));
  return devices.getUserMedia(constraints) as ReturnType<GetUserMedia>;
};

/**
 * @deprecated The old name of CallSwitchboard (house style bans 'manager' names); kept because it
 * is public API of @parley/chat-sdk.
 */
export const CallManager = CallSwitchboard;
/** @deprecated The old name of CallSwitchboard. */
export type CallManager = CallSwitchboard;
/** @deprecated The old name of CallSwitchboardOptions. */
export type CallManagerOptions = CallSwitchboardOptions;
