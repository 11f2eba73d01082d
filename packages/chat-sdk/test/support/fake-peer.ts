import type {
  CallSignalSendFrame,
  IceCandidateLike,
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
  constructor(readonly kind: 'audio' | 'video') {}
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
