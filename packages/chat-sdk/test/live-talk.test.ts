import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChunkInitFrame,
  createLivePlayback,
  createLiveTalk,
  createLiveVoiceStream,
  createVoiceOutput,
  type LivePlayback,
  mediaSourceType,
  TIMINGS,
} from '../src/index';
import { domError, FakeMediaRecorder, fakeAudio, fakeStream } from './support/fake-media';
import { statusIs, useSocketSetup } from './support/socket-client';
import { flushTasks, type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();
const setup = useSocketSetup(api);
const ROOM = 'private-1-2';

beforeEach(() => FakeMediaRecorder.reset());

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

describe('live voice stream (spec §7 chunk_init + binary chunks, §5 3000-byte rule)', () => {
  it('joins a small chunk to the next so nothing under 3000 bytes goes out and no byte is lost', async () => {
    const connection = await openConnection();
    const stream = createLiveVoiceStream(setup.client.socket, {
      from: 1,
      receiverId: 2,
      mimeType: 'audio/webm',
      roomName: ROOM,
    });
    expect(await stream.push(new Blob([bytes(2999)]))).toBe(false);
    expect(await stream.push(new Blob([bytes(3000)]))).toBe(true);
    expect(await stream.push(bytes(4000).buffer)).toBe(true);
    expect(await stream.push(bytes(1200).buffer)).toBe(false);
    await stream.end();
    await until(() => connection.frames.some((f) => f.type === 'chunk_end'));
    // The 1200-byte tail is under the limit on its own: dropped, and the stream ends.
    expect(connection.order).toEqual([
      'text:chunk_init',
      'binary:5999',
      'binary:4000',
      'text:chunk_end',
    ]);
    const init = connection.frames.find((f) => f.type === 'chunk_init') as ChunkInitFrame;
    expect(init).toEqual({
      type: 'chunk_init',
      from: 1,
      mime_type: 'audio/webm',
      receiver_id: 2,
      room_name: ROOM,
    });
    stream.dispose();
  });

  it('sends a held tail of at least 3000 bytes before chunk_end', async () => {
    const connection = await openConnection();
    const stream = createLiveVoiceStream(setup.client.socket, {
      from: 1,
      receiverId: 2,
      mimeType: 'audio/webm',
    });
    await stream.push(bytes(2000).buffer);
    await stream.push(bytes(1500).buffer);
    await stream.end();
    await until(() => connection.frames.some((f) => f.type === 'chunk_end'));
    expect(connection.order).toEqual(['text:chunk_init', 'binary:3500', 'text:chunk_end']);
  });

  it('is over once the socket drops mid-stream: nothing more is sent, even after reconnecting', async () => {
    const connection = await openConnection();
    const interrupted = vi.fn();
    const stream = createLiveVoiceStream(setup.client.socket, {
      from: 1,
      receiverId: 2,
      mimeType: 'audio/webm',
      onInterrupted: interrupted,
    });
    await stream.push(bytes(4000).buffer);
    await until(() => connection.binary.length === 1);
    connection.close(1011, 'restart');
    await until(() => interrupted.mock.calls.length === 1);
    expect(stream.interrupted).toBe(true);
    await vi.advanceTimersByTimeAsync(1500);
    const next = await setup.server.connection(2);
    await statusIs(setup.client, 'open');
    expect(await stream.push(bytes(4000).buffer)).toBe(false);
    await stream.end();
    await next.roundTrip();
    expect(next.order).toEqual([]);
  });
});

describe('live talk (microphone → room, nothing kept)', () => {
  function talk(overrides: Partial<Parameters<typeof createLiveTalk>[0]> = {}) {
    const stream = fakeStream();
    const made = createLiveTalk({
      socket: setup.client.socket,
      chat: setup.client.chat,
      getUserId: () => 1,
      getUserMedia: async () => stream,
      MediaRecorder: FakeMediaRecorder,
      ...overrides,
    });
    return { talk: made, stream };
  }
  const recorder = () => FakeMediaRecorder.instances.at(-1) as FakeMediaRecorder;

  it('streams each second of audio as it is spoken, with the recording indicator, and ends cleanly', async () => {
    const connection = await openConnection();
    const { talk: live, stream } = talk();
    expect(await live.start({ roomName: ROOM, receiverId: 2 })).toBe(true);
    expect(live.state).toMatchObject({ status: 'live', roomName: ROOM, error: null });
    expect(recorder().timeslice).toBe(TIMINGS.recordingChunkMs);
    recorder().emit(5000);
    recorder().emit(2000);
    recorder().emit(4000);
    await until(() => connection.binary.length === 2);
    expect(live.state.sent).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(live.state.elapsedMs).toBeGreaterThanOrEqual(2750);

    // The recorder's last data comes before it reports stopped; then chunk_end.
    const stopping = live.stop();
    expect(live.state.status).toBe('ending');
    recorder().emit(3100);
    await stopping;
    await until(() => connection.frames.some((f) => f.type === 'chunk_end'));
    expect(connection.order).toEqual([
      'text:recording',
      'text:chunk_init',
      'binary:5000',
      'binary:6000',
      'binary:3100',
      'text:chunk_end',
      'text:recording',
    ]);
    const recording = connection.frames.filter((f) => f.type === 'recording');
    expect(recording.map((f) => (f as { is_recording?: boolean }).is_recording)).toEqual([
      true,
      false,
    ]);
    expect(live.state).toMatchObject({ status: 'idle', roomName: null, error: null });
    expect(stream.track.stopped).toBe(true);
    live.dispose();
  });

  it('refuses to start while the socket is not open, and says why', async () => {
    const { talk: live } = talk();
    expect(await live.start({ roomName: ROOM, receiverId: 2 })).toBe(false);
    expect(live.state).toMatchObject({ status: 'idle', error: 'offline' });
    expect(FakeMediaRecorder.instances).toHaveLength(0);
  });

  it('explains a refused microphone and sends nothing', async () => {
    const connection = await openConnection();
    const { talk: live } = talk({
      getUserMedia: async () => {
        throw domError('NotAllowedError');
      },
    });
    expect(await live.start({ roomName: ROOM, receiverId: 2 })).toBe(false);
    expect(live.state).toMatchObject({ status: 'idle', error: 'permission_denied' });
    await connection.roundTrip();
    expect(connection.order).toEqual([]);
  });

  it('stops with "interrupted" when the socket drops mid-talk, and lets the microphone go', async () => {
    const connection = await openConnection();
    const { talk: live, stream } = talk();
    await live.start({ roomName: ROOM, receiverId: 2 });
    recorder().emit(5000);
    await until(() => connection.binary.length === 1);
    connection.close(1011, 'restart');
    await until(() => live.state.status === 'idle');
    expect(live.state.error).toBe('interrupted');
    expect(stream.track.stopped).toBe(true);
  });

  it('stops by itself at the longest talk allowed', async () => {
    const connection = await openConnection();
    const { talk: live } = talk({ maxMs: 5000 });
    await live.start({ roomName: ROOM, receiverId: 2 });
    await vi.advanceTimersByTimeAsync(5250);
    await until(() => live.state.status === 'idle');
    expect(live.state.error).toBeNull();
    await until(() => connection.frames.some((f) => f.type === 'recording'));
  });
});

/** A playback the test inspects: what was appended and whether it ended. */
function fakePlayback() {
  const made: { mimeType: string; appended: number[]; ended: boolean; disposed: boolean }[] = [];
  const livePlayback = (mimeType: string): LivePlayback => {
    const record = { mimeType, appended: [] as number[], ended: false, disposed: false };
    made.push(record);
    return {
      url: `mediasource:${made.length}`,
      append: (b) => record.appended.push(b.length),
      end: () => {
        record.ended = true;
      },
      dispose: () => {
        record.disposed = true;
      },
    };
  };
  return { made, livePlayback };
}

const chunk = (over: Record<string, unknown>) => ({
  type: 'voice_chunk',
  from: 2,
  original_blob: Buffer.from(bytes(4000)).toString('base64'),
  mime_type: 'audio/webm',
  room_name: ROOM,
  ...over,
});

describe('hearing a live talk: once, in the reader’s language', () => {
  function listen(language: string) {
    const audio = fakeAudio();
    const playback = fakePlayback();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      socket: setup.client.socket,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language }),
      createAudio: audio.createAudio,
      livePlayback: playback.livePlayback,
    });
    return { audio, playback, output };
  }

  it('a reader of the speaker’s language hears the original as it arrives; the talk ends when they stop', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const { audio, playback, output } = listen('English');
    connection.send(chunk({ seq: 0, language: 'en' }));
    connection.send(chunk({ seq: 1, language: 'en' }));
    await until(() => playback.made[0]?.appended.length === 2);
    expect(audio.played).toEqual(['mediasource:1']);
    expect(playback.made[0]?.mimeType).toBe('audio/webm');
    expect(setup.client.chat.state.live[ROOM]).toEqual({ 2: true });
    connection.send({
      type: 'recording_indicator',
      sender_id: 2,
      is_recording: false,
      room_name: ROOM,
    });
    await until(() => playback.made[0]?.ended === true);
    await until(() => setup.client.chat.state.live[ROOM]?.[2] === undefined);
    output.dispose();
    expect(playback.made[0]?.disposed).toBe(true);
  });

  it('a reader of another language waits for the translated rendition instead', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const { audio, playback, output } = listen('Spanish');
    connection.send(chunk({ seq: 0, language: 'en' }));
    connection.send({
      type: 'voice_chunk',
      from: 2,
      synth_audio_url: '/s/es.webm',
      room_name: ROOM,
    });
    await until(() => audio.played.length === 1);
    expect(audio.played).toEqual(['/s/es.webm']);
    expect(playback.made).toHaveLength(0);
    // The talk still shows as live for them.
    expect(setup.client.chat.state.live[ROOM]).toEqual({ 2: true });
    output.dispose();
  });

  it('with only the spec’s fields (no language, no seq) the original is played', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const { audio, playback, output } = listen('Spanish');
    connection.send({ type: 'voice_chunk', from: 2, original_blob: chunk({}).original_blob });
    connection.send({ type: 'voice_chunk', from: 2, original_blob: chunk({}).original_blob });
    await until(() => playback.made[0]?.appended.length === 2);
    expect(audio.played).toEqual(['mediasource:1']);
    // Quiet for a while: the talk is over.
    await vi.advanceTimersByTimeAsync(TIMINGS.liveQuietMs + 10);
    expect(playback.made[0]?.ended).toBe(true);
    expect(setup.client.chat.state.live[ROOM]?.[2]).toBeUndefined();
    output.dispose();
  });

  it('joining in the middle of a talk plays nothing (no header), and other rooms are not heard', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const { audio, playback, output } = listen('English');
    connection.send(chunk({ seq: 4, language: 'en' }));
    connection.send(chunk({ seq: 0, from: 3, room_name: 'private-1-3', language: 'en' }));
    await until(() => setup.client.chat.state.live['private-1-3']?.[3] === true);
    await connection.roundTrip();
    expect(playback.made).toHaveLength(0);
    expect(audio.played).toEqual([]);
    // A gap in the sequence ends what was being heard.
    connection.send(chunk({ seq: 0, language: 'en' }));
    connection.send(chunk({ seq: 2, language: 'en' }));
    await until(() => playback.made[0]?.ended === true);
    expect(playback.made[0]?.appended).toHaveLength(1);
    output.dispose();
  });

  it('voice output off: the talk shows as live but is not played', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const playback = fakePlayback();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      socket: setup.client.socket,
      getUser: () => ({ voice_output_enabled: false, mute_sounds: false, language: 'English' }),
      createAudio: fakeAudio().createAudio,
      livePlayback: playback.livePlayback,
    });
    connection.send(chunk({ seq: 0, language: 'en' }));
    await until(() => setup.client.chat.state.live[ROOM]?.[2] === true);
    expect(playback.made).toHaveLength(0);
    output.dispose();
  });
});

describe('voice output: clip limits and letting a talk go', () => {
  it('a clip that never ends is stopped at the limit, so the next one never plays over it', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      socket: setup.client.socket,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'Spanish' }),
      createAudio: audio.createAudio,
      maxClipMs: 5000,
    });
    connection.send({
      type: 'voice_chunk',
      from: 2,
      synth_audio_url: '/s/1.webm',
      room_name: ROOM,
    });
    connection.send({
      type: 'voice_chunk',
      from: 2,
      synth_audio_url: '/s/2.webm',
      room_name: ROOM,
    });
    await until(() => audio.live.length === 1);
    await vi.advanceTimersByTimeAsync(5001);
    await until(() => audio.live.length === 2);
    expect(audio.live[0]?.paused).toBe(true);
    expect(audio.live[1]?.url).toBe('/s/2.webm');
    output.dispose();
  });

  it('a live talk may play past the clip limit, and its player is let go once it has been heard', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const playback = fakePlayback();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      socket: setup.client.socket,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'English' }),
      createAudio: audio.createAudio,
      livePlayback: playback.livePlayback,
      maxClipMs: 5000,
    });
    connection.send(chunk({ seq: 0, language: 'en' }));
    await until(() => audio.live.length === 1);
    for (let seq = 1; seq <= 3; seq += 1) {
      await vi.advanceTimersByTimeAsync(2000);
      connection.send(chunk({ seq, language: 'en' }));
      await until(() => playback.made[0]?.appended.length === seq + 1);
    }
    // 6 s in: past the 5 s clip limit, still playing.
    expect(audio.live[0]?.paused).toBe(false);
    expect(playback.made[0]?.disposed).toBe(false);
    connection.send({
      type: 'recording_indicator',
      sender_id: 2,
      is_recording: false,
      room_name: ROOM,
    });
    await until(() => playback.made[0]?.ended === true);
    audio.live[0]?.end();
    await until(() => playback.made[0]?.disposed === true);
    output.dispose();
  });
});

describe('MediaSource types', () => {
  it('names the codec MediaRecorder uses in each container', () => {
    expect(mediaSourceType('audio/webm')).toBe('audio/webm; codecs="opus"');
    expect(mediaSourceType('audio/webm;codecs=opus')).toBe('audio/webm;codecs=opus');
    expect(mediaSourceType('audio/mp4')).toBe('audio/mp4; codecs="mp4a.40.2"');
    expect(mediaSourceType('audio/mpeg')).toBe('audio/mpeg');
  });
});

/** A MediaSource the test drives: appends finish when the test says `settle()`. */
function fakeMediaSource(supported = true) {
  const log: string[] = [];
  class FakeSourceBuffer {
    updating = false;
    private listeners: Record<string, (() => void)[]> = {};
    appendBuffer(data: BufferSource) {
      if ((data as Uint8Array).byteLength === 13) throw new Error('QuotaExceededError');
      this.updating = true;
      log.push(`append ${(data as Uint8Array).byteLength}`);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = [...(this.listeners[type] ?? []), listener];
    }
    settle() {
      this.updating = false;
      for (const listener of this.listeners.updateend ?? []) listener();
    }
  }
  class FakeMediaSource {
    static isTypeSupported = (type: string) => supported && type === 'audio/webm; codecs="opus"';
    static last: FakeMediaSource | null = null;
    readyState: 'closed' | 'open' | 'ended' = 'closed';
    buffer: FakeSourceBuffer | null = null;
    private onOpen: (() => void) | null = null;
    constructor() {
      FakeMediaSource.last = this;
    }
    addSourceBuffer(type: string) {
      log.push(`source buffer ${type}`);
      this.buffer = new FakeSourceBuffer();
      return this.buffer;
    }
    endOfStream() {
      this.readyState = 'ended';
      log.push('end of stream');
    }
    addEventListener(_type: 'sourceopen', listener: () => void) {
      this.onOpen = listener;
    }
    /** An audio element started playing the URL. */
    open() {
      this.readyState = 'open';
      this.onOpen?.();
    }
  }
  return { log, FakeMediaSource };
}

describe('live playback (MediaSource, else the joined clip)', () => {
  const urls = { createObjectUrl: () => 'blob:talk', revokeObjectUrl: vi.fn() };

  it('appends chunks one at a time once an element opens the source, then ends the stream', () => {
    const { log, FakeMediaSource } = fakeMediaSource();
    const playback = createLivePlayback('audio/webm', { MediaSource: FakeMediaSource, ...urls });
    expect(playback?.url).toBe('blob:talk');
    playback?.append(bytes(100));
    playback?.append(bytes(200));
    // Nothing is appended before an element plays the URL (it may wait in the output queue).
    expect(log).toEqual([]);
    FakeMediaSource.last?.open();
    expect(log).toEqual(['source buffer audio/webm; codecs="opus"', 'append 100']);
    playback?.end();
    FakeMediaSource.last?.buffer?.settle();
    expect(log.at(-1)).toBe('append 200');
    FakeMediaSource.last?.buffer?.settle();
    expect(log.at(-1)).toBe('end of stream');
    playback?.dispose();
    expect(urls.revokeObjectUrl).toHaveBeenCalledWith('blob:talk');
  });

  it('a chunk the buffer refuses ends the stream with what came before', () => {
    const { log, FakeMediaSource } = fakeMediaSource();
    const playback = createLivePlayback('audio/webm', { MediaSource: FakeMediaSource, ...urls });
    FakeMediaSource.last?.open();
    playback?.append(bytes(100));
    FakeMediaSource.last?.buffer?.settle();
    playback?.append(bytes(13));
    playback?.append(bytes(300));
    playback?.end();
    expect(log).toEqual(['source buffer audio/webm; codecs="opus"', 'append 100', 'end of stream']);
  });

  it('where MediaSource cannot decode the type, plays the joined chunks when the talk ends', async () => {
    const { FakeMediaSource } = fakeMediaSource(false);
    const made: Blob[] = [];
    const playback = createLivePlayback('audio/mp4', {
      MediaSource: FakeMediaSource,
      createObjectUrl: (blob) => {
        made.push(blob as Blob);
        return 'blob:joined';
      },
      revokeObjectUrl: () => {},
    });
    playback?.append(bytes(100));
    playback?.append(bytes(50));
    let url: string | null | undefined;
    void Promise.resolve(playback?.url).then((u) => {
      url = u;
    });
    await flushTasks();
    expect(url).toBeUndefined();
    playback?.end();
    await until(() => url === 'blob:joined');
    expect(made[0]?.size).toBe(150);
    expect(made[0]?.type).toBe('audio/mp4');
  });
});
