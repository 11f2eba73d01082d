import type {
  CallSignalSendFrame,
  GetUserMedia,
  IceCandidateLike,
  MediaDevicesLike,
  MediaStreamLike,
  MediaStreamTrackLike,
  PeerConnectionLike,
  RtpSenderLike,
  SessionDescriptionLike,
  TrackEventLike,
} from '../../src';

/** A track that records stop() and enabled. */
export class FakeTrack implements MediaStreamTrackLike {
  enabled = true;
  readyState = 'live';
  private readonly ended = new Set<() => void>();
  constructor(
    readonly kind: 'audio' | 'video',
    readonly deviceId = `${kind}-default`,
  ) {}
  getSettings() {
    return { deviceId: this.deviceId };
  }
  /** How many `ended` listeners are still attached. */
  get listeners(): number {
    return this.ended.size;
  }
  stop(): void {
    this.readyState = 'ended';
  }
  addEventListener(_type: 'ended', listener: () => void): void {
    this.ended.add(listener);
  }
  removeEventListener(_type: 'ended', listener: () => void): void {
    this.ended.delete(listener);
  }
  /** The device went away (unplugged). */
  unplug(): void {
    this.readyState = 'ended';
    for (const listener of this.ended) listener();
  }
}

export class FakeStream implements MediaStreamLike {
  constructor(readonly tracks: FakeTrack[]) {}
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: MediaStreamTrackLike) {
    this.tracks.push(track as FakeTrack);
  }
}

/**
 * `navigator.mediaDevices` with devices the test plugs in and unplugs: `getUserMedia` opens the
 * first device of each kind asked for (NotFoundError without a microphone), `enumerateDevices`
 * lists what is plugged in, and every change fires `devicechange`.
 */
export class FakeMediaDevices implements MediaDevicesLike {
  /** Every track ever opened, to check each one is released. */
  readonly tracks: FakeTrack[] = [];
  readonly plugged: { kind: 'audio' | 'video'; deviceId: string }[];
  private readonly listeners = new Set<() => void>();

  constructor(devices = ['audio-default', 'video-default']) {
    this.plugged = devices.map((deviceId) => ({
      kind: deviceId.startsWith('video') ? 'video' : 'audio',
      deviceId,
    }));
  }

  getUserMedia = async (constraints: Parameters<GetUserMedia>[0]): Promise<FakeStream> => {
    const fresh: FakeTrack[] = [];
    for (const kind of ['audio', 'video'] as const) {
      if (!constraints[kind]) continue;
      const device = this.plugged.find((d) => d.kind === kind);
      if (!device) {
        for (const track of fresh) track.stop();
        throw Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' });
      }
      fresh.push(new FakeTrack(kind, device.deviceId));
    }
    this.tracks.push(...fresh);
    return new FakeStream(fresh);
  };

  async enumerateDevices() {
    return this.plugged.map((d) => ({ kind: `${d.kind}input`, deviceId: d.deviceId }));
  }
  addEventListener(_type: 'devicechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'devicechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  /** How many `devicechange` listeners are attached. */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * Unplugs a device: its live tracks end (unless `silently`: some browsers only drop it from
   * enumerateDevices), then devicechange fires.
   */
  unplug(deviceId: string, { silently = false } = {}) {
    this.plugged.splice(
      this.plugged.findIndex((d) => d.deviceId === deviceId),
      1,
    );
    if (!silently) {
      for (const track of this.tracks) {
        if (track.deviceId === deviceId && track.readyState === 'live') track.unplug();
      }
    }
    this.fire();
  }
  plug(deviceId: string) {
    this.plugged.push({ kind: deviceId.startsWith('video') ? 'video' : 'audio', deviceId });
    this.fire();
  }
  private fire() {
    for (const listener of this.listeners) listener();
  }
}

/**
 * A peer connection that follows the offer/answer signalling states and reports itself connected
 * once it has both descriptions and has heard one candidate; tests may drop the connection.
 */
export class FakePeerConnection implements PeerConnectionLike {
  static created: FakePeerConnection[] = [];
  connectionState = 'new';
  signalingState = 'stable';
  remoteDescription: SessionDescriptionLike | null = null;
  localDescription: SessionDescriptionLike | null = null;
  onicecandidate: PeerConnectionLike['onicecandidate'] = null;
  ontrack: ((event: TrackEventLike) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly senders: RtpSenderLike[] = [];
  readonly candidates: IceCandidateLike[] = [];
  readonly offers: { iceRestart?: boolean }[] = [];
  closed = false;
  private version = 0;

  constructor(readonly label: string) {
    FakePeerConnection.created.push(this);
  }

  addTrack(track: MediaStreamTrackLike): RtpSenderLike {
    const sender: RtpSenderLike & { track: MediaStreamTrackLike | null } = {
      track,
      replaceTrack: async (next) => {
        sender.track = next;
      },
    };
    this.senders.push(sender);
    return sender;
  }
  getSenders() {
    return this.senders;
  }
  async createOffer(options?: { iceRestart?: boolean }) {
    this.offers.push(options ?? {});
    return { type: 'offer' as const, sdp: `${this.label}-offer-${++this.version}` };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: `${this.label}-answer-${++this.version}` };
  }
  async setLocalDescription(description: SessionDescriptionLike) {
    if (description.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    this.localDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    // Gathering: one host candidate per description.
    queueMicrotask(() =>
      this.onicecandidate?.({
        candidate: {
          candidate: `candidate:${this.label} 1 udp 1 127.0.0.1 9 typ host`,
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      }),
    );
    this.maybeConnect();
  }
  async setRemoteDescription(description: SessionDescriptionLike) {
    if (description.type === 'offer' && this.signalingState === 'have-local-offer') {
      throw new Error('InvalidStateError: glare without rollback');
    }
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    if (description.type === 'offer' || description.type === 'answer') {
      queueMicrotask(() => {
        const track = new FakeTrack('audio');
        this.ontrack?.({ track, streams: [new FakeStream([track])] });
      });
    }
    this.maybeConnect();
  }
  async addIceCandidate(candidate: IceCandidateLike) {
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    this.candidates.push(candidate);
    this.maybeConnect();
  }
  close() {
    this.closed = true;
    this.connectionState = 'closed';
  }
  /** The network changed: ICE lost its path. */
  drop(state: 'disconnected' | 'failed' = 'disconnected') {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
  private maybeConnect() {
    if (
      this.signalingState === 'stable' &&
      this.localDescription &&
      this.remoteDescription &&
      this.candidates.length > 0 &&
      this.connectionState !== 'connected' &&
      !this.closed
    ) {
      this.connectionState = 'connected';
      queueMicrotask(() => this.onconnectionstatechange?.());
    }
  }
}

/** Signals in flight between two clients: delivered on `flush`, or held to make glare. */
export class SignalWire {
  readonly sent: CallSignalSendFrame[] = [];
  private readonly queue: CallSignalSendFrame[] = [];
  private readonly handlers = new Map<number, (frame: CallSignalSendFrame) => void>();

  attach(userId: number, handler: (frame: CallSignalSendFrame) => void) {
    this.handlers.set(userId, handler);
  }
  send = (frame: CallSignalSendFrame) => {
    this.sent.push(frame);
    this.queue.push(frame);
  };
  /** Delivers everything queued (and what that provokes) until the wire is quiet. */
  async flush(rounds = 20) {
    for (let i = 0; i < rounds; i++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const batch = this.queue.splice(0);
      if (batch.length === 0 && i > 2) return;
      for (const frame of batch) this.handlers.get(frame.to)?.(frame);
    }
  }
  /** Drops what is queued (a lost network). */
  drop() {
    this.queue.length = 0;
  }
}

export const silentLogger = { debug() {}, info() {}, warn() {}, error() {} } as never;
