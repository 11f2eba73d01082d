import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CallSession,
  type CallSignalSendFrame,
  CallSwitchboard,
  type ClientFrame,
  type IceServersResponse,
  type PeerConnectionConfig,
  SDK_MESSAGES,
  type ServerFrame,
} from '../src';
import {
  FakeMediaDevices,
  FakePeerConnection,
  type FakeTrack,
  SignalWire,
  silentLogger,
} from './support/fake-peer';

const ANA = { id: 3, username: 'ana' }; // the lower id: the caller of spec §4
const BEN = { id: 7, username: 'ben' };

interface Side {
  calls: CallSwitchboard;
  devices: FakeMediaDevices;
  /** Every local track this side opened. */
  tracks: FakeTrack[];
  pcs: FakePeerConnection[];
  /** The configuration each peer connection was made with. */
  configs: PeerConnectionConfig[];
  sent: ClientFrame[];
}

let wire: SignalWire;
const managers: CallSwitchboard[] = [];

afterEach(() => {
  for (const manager of managers.splice(0)) manager.dispose();
  FakePeerConnection.created = [];
});

function side(
  me: { id: number; username: string },
  options: {
    noMicrophone?: boolean;
    devices?: FakeMediaDevices;
    ringTimeoutMs?: number;
    iceRestartTimeoutMs?: number;
    /** The GET /calls/ice-servers/ answer (default: one loopback STUN server, no policy). */
    iceAnswer?: IceServersResponse;
  } = {},
): Side {
  const listeners = new Set<(frame: ServerFrame) => void>();
  const devices =
    options.devices ?? new FakeMediaDevices(options.noMicrophone ? ['video-default'] : undefined);
  const pcs: FakePeerConnection[] = [];
  const configs: PeerConnectionConfig[] = [];
  const sent: ClientFrame[] = [];
  wire.attach(me.id, (frame: CallSignalSendFrame) => {
    for (const listener of listeners) listener({ ...frame, type: 'call_signal' });
  });
  const calls = new CallSwitchboard({
    socket: {
      send: (frame) => {
        sent.push(frame);
        if (frame.type === 'call_signal') wire.send(frame);
      },
      on: (_event, listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    http: {
      request: async () =>
        (options.iceAnswer ?? {
          ice_servers: [{ urls: 'stun:127.0.0.1:3478' }],
          expires_at: null,
        }) as never,
    },
    meta: {
      capabilities: async () => ({ calls: { enabled: true, caption_languages: [] } }) as never,
    },
    me: () => me,
    logger: silentLogger,
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(me.username);
      configs.push(config);
      pcs.push(pc);
      return pc;
    },
    getUserMedia: devices.getUserMedia,
    mediaDevices: devices,
    ringTimeoutMs: options.ringTimeoutMs ?? 60_000,
    iceRestartTimeoutMs: options.iceRestartTimeoutMs ?? 60_000,
  });
  managers.push(calls);
  return { calls, devices, tracks: devices.tracks, pcs, configs, sent };
}

function current(s: Side): CallSession {
  const session = s.calls.state.current;
  if (!session) throw new Error('no call');
  return session;
}

async function connectedCall(callType: 'audio' | 'video' = 'audio', anaDevices?: FakeMediaDevices) {
  wire = new SignalWire();
  const ana = side(ANA, { devices: anaDevices });
  const ben = side(BEN);
  ana.calls.call({ ...BEN }, callType);
  await wire.flush();
  expect(current(ben).state).toMatchObject({ status: 'ringing', direction: 'incoming', callType });
  await current(ben).accept();
  await wire.flush();
  return { ana, ben };
}

const signalTypes = () => wire.sent.map((f) => `${f.from}:${f.signal.type}`);

describe('CallSession signalling (spec §4 Call) against a fake peer connection', () => {
  it('offer → ringing → accept → answer → both connected, candidates exchanged both ways', async () => {
    const { ana, ben } = await connectedCall('video');
    expect(current(ana).state.status).toBe('connected');
    expect(current(ben).state.status).toBe('connected');
    expect(signalTypes()).toEqual(
      expect.arrayContaining([
        `${ANA.id}:offer`,
        `${BEN.id}:answer`,
        `${ANA.id}:ice-candidate`,
        `${BEN.id}:ice-candidate`,
      ]),
    );
    expect(signalTypes()[0]).toBe(`${ANA.id}:offer`);
    // The spec's shape: {from, to, call_type, signal, user_objects}.
    expect(wire.sent[0]).toMatchObject({
      type: 'call_signal',
      from: ANA.id,
      to: BEN.id,
      call_type: 'video',
      user_objects: [ANA, { id: BEN.id }],
    });
    expect(current(ben).state.remoteStream).not.toBeNull();
    expect(current(ana).state.connectedAt).toEqual(expect.any(Number));
  });

  it('the caller hangs up: both sides end, every local track is stopped and no listener is left', async () => {
    const { ana, ben } = await connectedCall('video');
    expect(ana.devices.listenerCount).toBe(1);
    current(ana).hangUp();
    await wire.flush();
    for (const s of [ana, ben]) {
      expect(current(s).state).toMatchObject({ status: 'ended', endReason: 'ended' });
      expect(s.tracks).toHaveLength(2);
      expect(s.tracks.every((t) => t.readyState === 'ended')).toBe(true);
      expect(s.tracks.every((t) => t.listeners === 0)).toBe(true);
      expect(s.devices.listenerCount).toBe(0);
      expect(s.pcs.every((pc) => pc.closed)).toBe(true);
    }
  });

  it('the callee hangs up: both sides end', async () => {
    const { ana, ben } = await connectedCall();
    current(ben).hangUp();
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', endReason: 'ended' });
    expect(ana.tracks.every((t) => t.readyState === 'ended')).toBe(true);
  });

  it('declining ends the ringing call on both sides with nothing left open', async () => {
    wire = new SignalWire();
    const ana = side(ANA);
    const ben = side(BEN);
    ana.calls.call(BEN, 'audio');
    await wire.flush();
    current(ben).decline();
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', endReason: 'declined' });
    expect(ben.tracks).toEqual([]); // the callee never opened its microphone
    expect(ana.tracks.every((t) => t.readyState === 'ended')).toBe(true);
  });

  it('glare: both call at once; the lower id’s offer wins and the higher id answers it', async () => {
    wire = new SignalWire();
    const ana = side(ANA);
    const ben = side(BEN);
    ana.calls.call(BEN, 'audio');
    ben.calls.call(ANA, 'audio');
    await wire.flush();
    expect(current(ana).state.status).toBe('connected');
    expect(current(ben).state.status).toBe('connected');
    // Ben's offer was rolled back; only Ben answered.
    const answers = wire.sent.filter((f) => f.signal.type === 'answer');
    expect(answers.map((f) => f.from)).toEqual([BEN.id]);
  });

  it('an unanswered call times out as missed on both sides', async () => {
    wire = new SignalWire();
    const ana = side(ANA, { ringTimeoutMs: 30 });
    const ben = side(BEN, { ringTimeoutMs: 60_000 });
    ana.calls.call(BEN, 'audio');
    await wire.flush();
    // Ana's ring timeout (30 ms) ends the call; then its hangup reaches Ben.
    await vi.waitFor(() => expect(current(ana).state.status).toBe('ended'));
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', endReason: 'missed' });
    expect(current(ben).state).toMatchObject({ status: 'ended', endReason: 'missed' });
    expect(ana.tracks.every((t) => t.readyState === 'ended')).toBe(true);
  });

  it('an ICE disconnect tries an ICE restart (caller offers with iceRestart) and recovers', async () => {
    const { ana, ben } = await connectedCall();
    const pc = ana.pcs[0] as FakePeerConnection;
    pc.drop('disconnected');
    expect(current(ana).state.status).toBe('reconnecting');
    await wire.flush();
    expect(pc.offers.at(-1)).toEqual({ iceRestart: true });
    const restart = wire.sent.filter((f) => f.signal.type === 'offer').at(-1);
    expect(restart?.signal).toMatchObject({ restart: true });
    // The restart's answer comes back; the path is found again.
    pc.connectionState = 'connected';
    pc.onconnectionstatechange?.();
    expect(current(ana).state.status).toBe('connected');
    expect(current(ben).state.status).toBe('connected');
  });

  it('an ICE restart that does not recover hangs up as failed', async () => {
    wire = new SignalWire();
    const ana = side(ANA, { iceRestartTimeoutMs: 30 });
    const ben = side(BEN);
    ana.calls.call(BEN, 'audio');
    await wire.flush();
    await current(ben).accept();
    await wire.flush();
    (ana.pcs[0] as FakePeerConnection).drop('failed');
    wire.drop();
    // The ICE restart timeout (30 ms) gives up; then the hangup reaches Ben.
    await vi.waitFor(() => expect(current(ana).state.status).toBe('ended'));
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', endReason: 'failed' });
    expect(current(ben).state).toMatchObject({ status: 'ended', endReason: 'failed' });
  });

  it('mute/unmute and camera off/on switch the local tracks', async () => {
    const { ana } = await connectedCall('video');
    const session = current(ana);
    session.setMuted(true);
    expect(ana.tracks.filter((t) => t.kind === 'audio').every((t) => !t.enabled)).toBe(true);
    session.setMuted(false);
    expect(ana.tracks.filter((t) => t.kind === 'audio').every((t) => t.enabled)).toBe(true);
    session.setCameraOff(true);
    expect(ana.tracks.filter((t) => t.kind === 'video').every((t) => !t.enabled)).toBe(true);
    expect(session.state).toMatchObject({ muted: false, cameraOff: true });
  });

  it('without a microphone: "No microphone detected." and the call ends for both', async () => {
    wire = new SignalWire();
    const ana = side(ANA, { noMicrophone: true });
    const ben = side(BEN);
    ana.calls.call(BEN, 'audio');
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', error: SDK_MESSAGES.noMicrophone });
    expect(ben.calls.state.current?.state.status ?? 'ended').toBe('ended');
  });

  it('a microphone unplugged before the call starts ends it with "No microphone detected."', async () => {
    wire = new SignalWire();
    const devices = new FakeMediaDevices(['audio-default']);
    const ana = side(ANA, { devices });
    devices.unplug('audio-default');
    ana.calls.call(BEN, 'audio');
    await wire.flush();
    expect(current(ana).state).toMatchObject({ status: 'ended', error: SDK_MESSAGES.noMicrophone });
    expect(devices.listenerCount).toBe(0);
  });

  it('asking again for the call already ringing (a double click) keeps it: one offer, no hangup; another kind of call replaces it', async () => {
    wire = new SignalWire();
    const ana = side(ANA);
    side(BEN);
    const first = ana.calls.call({ ...BEN }, 'audio');
    expect(ana.calls.call({ ...BEN }, 'audio')).toBe(first);
    await wire.flush();
    expect(signalTypes().filter((t) => !t.endsWith(':ice-candidate'))).toEqual([`${ANA.id}:offer`]);
    expect(first.ended).toBe(false);
    const video = ana.calls.call({ ...BEN }, 'video');
    await wire.flush();
    expect(video).not.toBe(first);
    expect(first.ended).toBe(true);
    expect(signalTypes().filter((t) => t.endsWith(':offer'))).toHaveLength(2);
    expect(signalTypes()).toContain(`${ANA.id}:hangup`);
  });

  it('a second caller hears busy while a call is on', async () => {
    const { ben } = await connectedCall();
    const cleo = side({ id: 9, username: 'cleo' });
    cleo.calls.call(BEN, 'audio');
    await wire.flush();
    expect(current(cleo).state).toMatchObject({ status: 'ended', endReason: 'busy' });
    expect(current(ben).state.status).toBe('connected');
  });

  it('captions from live_transcript frames join the current call; the honest marker shows once', async () => {
    const { ana } = await connectedCall();
    const session = current(ana);
    session.addCaption(BEN.id, 'hola');
    session.addCaption(BEN.id, '', true);
    session.addCaption(BEN.id, '', true);
    expect(session.state.captions.map((c) => [c.text, c.unavailable])).toEqual([
      ['hola', false],
      ['', true],
    ]);
  });

  it('caption audio goes out as call_audio only while connected', async () => {
    const { ana } = await connectedCall();
    ana.calls.sendCaptionAudio('UklGRg==', 'audio/wav', true);
    expect(ana.sent.filter((f) => f.type === 'call_audio')).toEqual([
      {
        type: 'call_audio',
        from: ANA.id,
        to: BEN.id,
        mime_type: 'audio/wav',
        audio: 'UklGRg==',
        final: true,
      },
    ]);
    current(ana).hangUp();
    ana.calls.sendCaptionAudio('UklGRg==');
    expect(ana.sent.filter((f) => f.type === 'call_audio')).toHaveLength(1);
  });

  it('calls are disabled against a backend whose capabilities say nothing about calls (spec backend)', async () => {
    wire = new SignalWire();
    const calls = new CallSwitchboard({
      socket: { send: () => undefined, on: () => () => undefined },
      http: {
        request: async () => {
          throw new Error('404');
        },
      },
      meta: { capabilities: async () => ({}) as never },
      me: () => ANA,
      logger: silentLogger,
    });
    expect(await calls.enabled()).toBe(false);
    // And the spec's public STUN server is used when the backend has no ICE endpoint.
    expect(await calls.iceServers()).toEqual([{ urls: 'stun:stun.l.google.com:19302' }]);
  });

  it("a deployment that relays every call (ice_transport_policy: 'relay') gets a relay-only peer connection; a spec answer gets the default policy", async () => {
    wire = new SignalWire();
    const turn = {
      urls: 'turn:127.0.0.1:3478',
      username: '1700000000:1',
      credential: 'c2VjcmV0',
    };
    const ana = side(ANA, {
      iceAnswer: { ice_servers: [turn], expires_at: null, ice_transport_policy: 'relay' },
    });
    const ben = side(BEN);
    ana.calls.call({ ...BEN }, 'audio');
    await wire.flush();
    await current(ben).accept();
    await wire.flush();
    expect(ana.configs).toEqual([{ iceServers: [turn], iceTransportPolicy: 'relay' }]);
    expect(ben.configs).toEqual([{ iceServers: [{ urls: 'stun:127.0.0.1:3478' }] }]);
  });
});

describe('CallSession device changes mid-call (issue 13)', () => {
  /** The connected caller's session, its peer connection and the sender of `kind`. */
  async function callWith(devices: FakeMediaDevices, callType: 'audio' | 'video' = 'audio') {
    const sides = await connectedCall(callType, devices);
    const pc = sides.ana.pcs[0] as FakePeerConnection;
    const sender = (kind: 'audio' | 'video') => {
      const found = pc.senders.find((s) => s.track?.kind === kind);
      if (!found) throw new Error(`no ${kind} sender`);
      return found;
    };
    return { ...sides, session: current(sides.ana), pc, sender };
  }

  const liveTracks = (devices: FakeMediaDevices, kind: 'audio' | 'video') =>
    devices.tracks.filter((t) => t.kind === kind && t.readyState === 'live');

  it('the microphone in use unplugged: the default one left takes its sender (replaceTrack, no renegotiation), still muted', async () => {
    const devices = new FakeMediaDevices(['audio-headset', 'audio-default']);
    const { session, pc, sender } = await callWith(devices);
    const before = sender('audio').track as FakeTrack;
    expect(before.deviceId).toBe('audio-headset');
    session.setMuted(true);
    const replaceTrack = vi.spyOn(sender('audio'), 'replaceTrack');
    const offers = pc.offers.length;

    devices.unplug('audio-headset'); // the track ends and devicechange fires
    await wire.flush();

    expect(replaceTrack).toHaveBeenCalledOnce();
    const fresh = replaceTrack.mock.calls[0]?.[0] as FakeTrack;
    expect(fresh).toMatchObject({
      kind: 'audio',
      deviceId: 'audio-default',
      readyState: 'live',
      enabled: false,
    });
    expect(sender('audio').track).toBe(fresh);
    expect(session.state.localStream?.getAudioTracks()).toEqual([fresh]);
    expect(liveTracks(devices, 'audio')).toEqual([fresh]); // one new microphone, not one per event
    expect(session.state).toMatchObject({ status: 'connected', muted: true, error: null });
    expect(pc.offers).toHaveLength(offers);
    // The new track answers to the mute button.
    session.setMuted(false);
    expect(fresh.enabled).toBe(true);
  });

  it('a microphone that only leaves enumerateDevices (no ended event) is replaced too', async () => {
    const devices = new FakeMediaDevices(['audio-headset', 'audio-default']);
    const { session, sender } = await callWith(devices);
    const before = sender('audio').track as FakeTrack;

    devices.unplug('audio-headset', { silently: true });
    await wire.flush();

    expect(sender('audio').track).toMatchObject({ deviceId: 'audio-default', readyState: 'live' });
    expect(before.readyState).toBe('ended'); // the old track is released
    expect(session.state.error).toBeNull();
  });

  it('the last microphone unplugged: "No microphone detected." and the call stays connected', async () => {
    const devices = new FakeMediaDevices(['audio-default']);
    const { ben, session, sender } = await callWith(devices);
    const replaceTrack = vi.spyOn(sender('audio'), 'replaceTrack');

    devices.unplug('audio-default');
    await wire.flush();

    expect(session.state).toMatchObject({
      status: 'connected',
      error: SDK_MESSAGES.noMicrophone,
      endReason: null,
    });
    expect(current(ben).state.status).toBe('connected');
    expect(replaceTrack).not.toHaveBeenCalled();
  });

  it('a microphone plugged in again is picked up (muted if the call was) and the notice clears', async () => {
    const devices = new FakeMediaDevices(['audio-default']);
    const { session, sender } = await callWith(devices);
    session.setMuted(true);
    devices.unplug('audio-default');
    await wire.flush();
    expect(session.state.error).toBe(SDK_MESSAGES.noMicrophone);
    const replaceTrack = vi.spyOn(sender('audio'), 'replaceTrack');

    devices.plug('audio-usb');
    await wire.flush();

    expect(replaceTrack).toHaveBeenCalledOnce();
    expect(sender('audio').track).toMatchObject({
      deviceId: 'audio-usb',
      readyState: 'live',
      enabled: false,
    });
    expect(session.state).toMatchObject({ status: 'connected', muted: true, error: null });
  });

  it('a camera unplugged in a video call is replaced with camera-off kept; the microphone stays', async () => {
    const devices = new FakeMediaDevices(['audio-default', 'video-built-in', 'video-usb']);
    const { session, sender } = await callWith(devices, 'video');
    const microphone = sender('audio').track;
    session.setCameraOff(true);

    devices.unplug('video-built-in');
    await wire.flush();

    const camera = sender('video').track;
    expect(camera).toMatchObject({ deviceId: 'video-usb', readyState: 'live', enabled: false });
    expect(sender('audio').track).toBe(microphone);
    expect(session.state.localStream?.getTracks()).toEqual([camera, microphone]);
    expect(session.state).toMatchObject({ cameraOff: true, error: null });
  });

  it('after the call ends no listener is left, every track (replacements too) is released and device changes open nothing', async () => {
    const devices = new FakeMediaDevices(['audio-headset', 'audio-default']);
    const { session } = await callWith(devices);
    devices.unplug('audio-headset');
    await wire.flush();
    expect(devices.tracks).toHaveLength(2);

    session.hangUp();
    await wire.flush();
    expect(devices.listenerCount).toBe(0);
    expect(devices.tracks.every((t) => t.readyState === 'ended' && t.listeners === 0)).toBe(true);

    devices.plug('audio-usb');
    devices.unplug('audio-default');
    await wire.flush();
    expect(devices.tracks).toHaveLength(2);
  });

  it('a device change as the call ends leaves nothing open', async () => {
    const devices = new FakeMediaDevices(['audio-headset', 'audio-default']);
    const { session } = await callWith(devices);
    devices.unplug('audio-headset');
    session.hangUp();
    await wire.flush();
    expect(devices.tracks.every((t) => t.readyState === 'ended')).toBe(true);
  });
});
