import { proxy, ref } from 'valtio/vanilla';
import { TIMINGS } from '../constants';
import type { Logger } from '../logger';
import { SDK_MESSAGES } from '../messages';
import type {
  CallEndReason,
  CallSignal,
  CallSignalSendFrame,
  CallType,
  IceServer,
} from '../protocol/calls';
import type { SocketUserObject } from '../protocol/user-objects';
import type {
  CreatePeerConnection,
  GetUserMedia,
  IceCandidateLike,
  MediaDevicesLike,
  MediaStreamLike,
  PeerConnectionConfig,
  PeerConnectionLike,
  RtpSenderLike,
} from './peer-types';

/** The other person of a call as the ui shows them. */
export interface CallPeer {
  id: number;
  username: string;
  profile_image?: string | null;
}

/**
 * `ringing` (an offer is out, or one came in and waits for accept), `connecting` (answered, ICE
 * at work), `connected`, `reconnecting` (ICE restart after a disconnect), `ended`.
 */
export type CallStatus = 'ringing' | 'connecting' | 'connected' | 'reconnecting' | 'ended';

/** One caption line: what `from` said, in this listener's language. */
export interface CallCaption {
  id: number;
  from: number;
  text: string;
  /** The server has no speech engine for the speaker's language: the ui says so, once. */
  unavailable?: boolean;
}

/** A valtio proxy: read it with useSnapshot (React) or subscribe (valtio/vanilla). */
export interface CallState {
  peer: CallPeer;
  callType: CallType;
  direction: 'outgoing' | 'incoming';
  status: CallStatus;
  muted: boolean;
  cameraOff: boolean;
  /** Epoch ms of the first connection; the ui's timer counts from here. */
  connectedAt: number | null;
  endReason: CallEndReason | null;
  /** A message for the user (SDK_MESSAGES.noMicrophone…), null when none. */
  error: string | null;
  localStream: MediaStreamLike | null;
  remoteStream: MediaStreamLike | null;
  captions: CallCaption[];
}

/** How a session sends its signals; the socket in the app, a loopback in tests. */
export type SendCallSignal = (frame: CallSignalSendFrame) => void;

export interface CallSessionOptions {
  me: SocketUserObject;
  peer: CallPeer;
  callType: CallType;
  direction: 'outgoing' | 'incoming';
  send: SendCallSignal;
  iceServers: () => Promise<IceServer[]>;
  /**
   * The whole peer connection configuration (ICE servers and transport policy); when given it is
   * used instead of `iceServers`.
   */
  rtcConfiguration?: () => Promise<PeerConnectionConfig>;
  createPeerConnection: CreatePeerConnection;
  getUserMedia: GetUserMedia;
  /** Watched while the call is up: a lost microphone or camera is replaced, one plugged in is used. */
  mediaDevices?: MediaDevicesLike;
  logger: Logger;
  ringTimeoutMs?: number;
  iceRestartTimeoutMs?: number;
  /** Called once when the session ends, after every track is released. */
  onEnded?: (session: CallSession) => void;
}

const MAX_CAPTIONS = 50;

/**
 * One call between two people, outside React: local media, the peer connection and the
 * signalling of spec §4 (`offer`, `answer`, `ice-candidate` inside `call_signal`; Parley adds
 * `hangup`). Glare follows the spec's rule: the lower user id is the caller, so when both sides
 * offer at once the higher id drops its own offer and answers.
 */
export class CallSession {
  readonly state: CallState;
  private pc: PeerConnectionLike | null = null;
  private pendingOffer: string | null = null;
  private pendingCandidates: IceCandidateLike[] = [];
  private ringTimer: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private makingOffer = false;
  /** Local candidates wait until the description they belong to has been signalled. */
  private descriptionSent = false;
  private heldCandidates: CallSignal[] = [];
  private captionId = 0;
  /** Serialises signal handling: a candidate never races the description it belongs to. */
  private chain: Promise<void> = Promise.resolve();
  private senders: Record<string, RtpSenderLike> = {};
  /** Serialises device checks: an `ended` track and its `devicechange` ask for one new track. */
  private deviceCheck: Promise<void> = Promise.resolve();
  private readonly onDevices = (): void => {
    this.deviceCheck = this.deviceCheck
      .then(() => this.replaceLostTracks())
      .catch((error) => this.options.logger.warn('[parley] could not replace a device', error));
  };

  constructor(private readonly options: CallSessionOptions) {
    this.state = proxy<CallState>({
      peer: options.peer,
      callType: options.callType,
      direction: options.direction,
      status: 'ringing',
      muted: false,
      cameraOff: options.callType === 'audio',
      connectedAt: null,
      endReason: null,
      error: null,
      localStream: null,
      remoteStream: null,
      captions: [],
    });
    this.ringTimer = setTimeout(
      () => this.end('missed', true),
      options.ringTimeoutMs ?? TIMINGS.callRingTimeoutMs,
    );
  }

  get peerId(): number {
    return this.options.peer.id;
  }

  get ended(): boolean {
    return this.state.status === 'ended';
  }

  /** I am the caller of spec §4 (lower id): my offer wins a glare. */
  private get isCaller(): boolean {
    return this.options.me.id < this.options.peer.id;
  }

  /** Places the call: local media, then the offer. */
  async start(): Promise<void> {
    await this.run(async () => {
      const pc = await this.open();
      if (!pc) return;
      await this.sendOffer(pc, false);
    });
  }

  /** Answers the incoming offer. */
  async accept(): Promise<void> {
    if (this.options.direction !== 'incoming' || this.state.status !== 'ringing') return;
    this.clearRing();
    this.state.status = 'connecting';
    await this.run(async () => {
      const pc = await this.open();
      if (!pc || this.pendingOffer === null) return;
      await this.answer(pc, this.pendingOffer);
      this.pendingOffer = null;
    });
  }

  /** Refuses the incoming call. */
  decline(): void {
    this.end('declined', true);
  }

  /** Ends the call from this side: `ended` once connected, `cancelled` while still ringing. */
  hangUp(): void {
    if (this.ended) return;
    const connected = this.state.connectedAt !== null;
    this.end(
      connected ? 'ended' : this.options.direction === 'incoming' ? 'declined' : 'cancelled',
      true,
    );
  }

  setMuted(muted: boolean): void {
    this.state.muted = muted;
    for (const track of this.state.localStream?.getAudioTracks() ?? []) track.enabled = !muted;
  }

  setCameraOff(off: boolean): void {
    this.state.cameraOff = off;
    for (const track of this.state.localStream?.getVideoTracks() ?? []) track.enabled = !off;
  }

  /** Adds a caption from a `live_transcript` frame. */
  addCaption(from: number, text: string, unavailable = false): void {
    if (this.ended) return;
    // The honest marker is shown once per speaker, not once per chunk.
    if (unavailable && this.state.captions.some((c) => c.unavailable && c.from === from)) return;
    this.state.captions.push({ id: ++this.captionId, from, text, unavailable });
    if (this.state.captions.length > MAX_CAPTIONS) this.state.captions.shift();
  }

  /** A `call_signal` from the peer. */
  receive(signal: CallSignal): Promise<void> {
    return this.run(() => this.handle(signal));
  }

  private run(task: () => Promise<void>): Promise<void> {
    const next = this.chain.then(async () => {
      if (this.ended) return;
      try {
        await task();
      } catch (error) {
        this.options.logger.warn('[parley] call signalling failed', error);
        this.end('failed', true);
      }
    });
    this.chain = next;
    return next;
  }

  private async handle(signal: CallSignal): Promise<void> {
    switch (signal.type) {
      case 'offer': {
        const pc = this.pc;
        if (!pc) {
          // Still ringing on this side: the offer waits for accept.
          this.pendingOffer = signal.sdp;
          return;
        }
        const glare = this.makingOffer || pc.signalingState !== 'stable';
        if (glare && this.isCaller) return; // my offer wins; the peer will answer it
        if (glare) await pc.setLocalDescription({ type: 'rollback' });
        await this.answer(pc, signal.sdp);
        return;
      }
      case 'answer': {
        const pc = this.pc;
        if (pc?.signalingState !== 'have-local-offer') return;
        this.clearRing();
        if (this.state.status === 'ringing') this.state.status = 'connecting';
        await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await this.flushCandidates(pc);
        return;
      }
      case 'ice-candidate': {
        const candidate: IceCandidateLike = {
          candidate: signal.candidate,
          sdpMid: signal.sdpMid ?? null,
          sdpMLineIndex: signal.sdpMLineIndex ?? null,
        };
        if (this.pc?.remoteDescription) await this.pc.addIceCandidate(candidate);
        else this.pendingCandidates.push(candidate);
        return;
      }
      case 'hangup':
        this.end(signal.reason, false);
        return;
    }
  }

  /** Local media and the peer connection; null (and the call ended) without a microphone. */
  private async open(): Promise<PeerConnectionLike | null> {
    let stream: MediaStreamLike;
    try {
      stream = await this.options.getUserMedia({
        audio: true,
        video: this.options.callType === 'video',
      });
    } catch (error) {
      this.options.logger.warn('[parley] no media for the call', error);
      this.state.error = SDK_MESSAGES.noMicrophone;
      this.end('failed', true);
      return null;
    }
    if (this.ended) {
      for (const track of stream.getTracks()) track.stop();
      return null;
    }
    if (stream.getAudioTracks().length === 0) {
      for (const track of stream.getTracks()) track.stop();
      this.state.error = SDK_MESSAGES.noMicrophone;
      this.end('failed', true);
      return null;
    }
    this.state.localStream = ref(stream);
    this.setMuted(this.state.muted);
    const config: PeerConnectionConfig = this.options.rtcConfiguration
      ? await this.options.rtcConfiguration()
      : { iceServers: await this.options.iceServers() };
    if (this.ended) return null;
    const pc = this.options.createPeerConnection(config);
    this.pc = pc;
    pc.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return;
      this.signalCandidate({
        type: 'ice-candidate',
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid ?? null,
        sdpMLineIndex: candidate.sdpMLineIndex ?? null,
      });
    };
    pc.ontrack = (event) => {
      const remote = event.streams[0];
      if (remote && this.state.remoteStream !== remote) this.state.remoteStream = ref(remote);
    };
    pc.onconnectionstatechange = () => this.connectionChanged(pc);
    for (const track of stream.getTracks()) {
      this.senders[track.kind] = pc.addTrack(track, stream);
      track.addEventListener?.('ended', this.onDevices);
    }
    this.options.mediaDevices?.addEventListener('devicechange', this.onDevices);
    return pc;
  }

  /**
   * A device unplugged mid-call (its track ended, or it left `enumerateDevices()`): the default
   * device of that kind takes its sender, no renegotiation. Without a microphone the call stays up
   * with 'No microphone detected.' until a devicechange brings one back.
   */
  private async replaceLostTracks(): Promise<void> {
    const devices = await this.options.mediaDevices?.enumerateDevices?.().catch(() => undefined);
    for (const kind of Object.keys(this.senders)) {
      const stream = this.state.localStream;
      const old = stream?.getTracks().find((t) => t.kind === kind);
      const id = old?.getSettings?.().deviceId;
      const gone =
        old?.readyState === 'ended' ||
        (id && devices && !devices.some((d) => d.deviceId === id && d.kind === `${kind}input`));
      if (this.ended || !stream || !gone) continue;
      let fresh: MediaStreamLike | undefined;
      try {
        fresh = await this.options.getUserMedia({
          audio: kind === 'audio',
          video: kind === 'video',
        });
      } catch (error) {
        this.options.logger.warn(`[parley] no ${kind} device left`, error);
      }
      const track = fresh?.getTracks()[0];
      if (!fresh || !track || this.ended) {
        for (const t of fresh?.getTracks() ?? []) t.stop();
        if (kind === 'audio' && !this.ended) this.state.error = SDK_MESSAGES.noMicrophone;
        continue;
      }
      // The new stream carries the other kind's tracks too: it is the call's local stream now
      // (a new object, so the ui re-attaches its preview and caption audio).
      old?.removeEventListener?.('ended', this.onDevices);
      old?.stop();
      for (const other of stream.getTracks()) if (other.kind !== kind) fresh.addTrack(other);
      track.enabled = kind === 'audio' ? !this.state.muted : !this.state.cameraOff;
      track.addEventListener?.('ended', this.onDevices);
      this.state.localStream = ref(fresh);
      if (kind === 'audio') this.state.error = null;
      await this.senders[kind]?.replaceTrack(track);
    }
  }

  private async sendOffer(pc: PeerConnectionLike, restart: boolean): Promise<void> {
    this.makingOffer = true;
    try {
      const offer = await pc.createOffer(restart ? { iceRestart: true } : undefined);
      await pc.setLocalDescription(offer);
      this.signalDescription(
        restart
          ? { type: 'offer', sdp: offer.sdp ?? '', restart }
          : { type: 'offer', sdp: offer.sdp ?? '' },
      );
    } finally {
      this.makingOffer = false;
    }
  }

  private async answer(pc: PeerConnectionLike, sdp: string): Promise<void> {
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await this.flushCandidates(pc);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    this.clearRing();
    if (this.state.status === 'ringing') this.state.status = 'connecting';
    this.signalDescription({ type: 'answer', sdp: answer.sdp ?? '' });
  }

  private async flushCandidates(pc: PeerConnectionLike): Promise<void> {
    const candidates = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of candidates) await pc.addIceCandidate(candidate);
  }

  private connectionChanged(pc: PeerConnectionLike): void {
    if (this.ended || pc !== this.pc) return;
    const state = pc.connectionState;
    if (state === 'connected') {
      clearTimeout(this.restartTimer);
      this.restartTimer = undefined;
      this.state.connectedAt ??= Date.now();
      this.state.status = 'connected';
      return;
    }
    if ((state === 'disconnected' || state === 'failed') && this.state.connectedAt !== null) {
      if (this.restartTimer !== undefined) return;
      this.state.status = 'reconnecting';
      this.restartTimer = setTimeout(
        () => this.end('failed', true),
        this.options.iceRestartTimeoutMs ?? TIMINGS.callIceRestartTimeoutMs,
      );
      // One side restarts, the caller (spec's rule again), so both do not offer at once.
      if (this.isCaller) void this.run(() => this.sendOffer(pc, true));
      return;
    }
    if (state === 'failed') this.end('failed', true);
  }

  private signalCandidate(signal: CallSignal): void {
    if (this.descriptionSent) this.signal(signal);
    else this.heldCandidates.push(signal);
  }

  /** An offer or answer went out: the candidates gathered meanwhile follow it. */
  private signalDescription(signal: CallSignal): void {
    this.signal(signal);
    this.descriptionSent = true;
    for (const candidate of this.heldCandidates.splice(0)) this.signal(candidate);
  }

  private signal(signal: CallSignal): void {
    const me = this.options.me;
    const peer = this.options.peer;
    this.options.send({
      type: 'call_signal',
      from: me.id,
      to: peer.id,
      call_type: this.options.callType,
      signal,
      user_objects: [me, { id: peer.id, username: peer.username }],
    });
  }

  private clearRing(): void {
    clearTimeout(this.ringTimer);
    this.ringTimer = undefined;
  }

  /** Ends the call once: tells the peer when asked, releases every track, closes the connection. */
  private end(reason: CallEndReason, tellPeer: boolean): void {
    if (this.ended) return;
    this.clearRing();
    clearTimeout(this.restartTimer);
    if (tellPeer) {
      try {
        this.signal({ type: 'hangup', reason });
      } catch (error) {
        this.options.logger.warn('[parley] could not send hangup', error);
      }
    }
    this.options.mediaDevices?.removeEventListener('devicechange', this.onDevices);
    for (const track of this.state.localStream?.getTracks() ?? []) {
      track.removeEventListener?.('ended', this.onDevices);
      track.stop();
    }
    this.pc?.close();
    this.pc = null;
    this.state.endReason = reason;
    this.state.status = 'ended';
    this.options.onEnded?.(this);
  }
}
