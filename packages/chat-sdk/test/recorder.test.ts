import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRecorder,
  formatRecordingTime,
  pickRecordingMimeType,
  type RecorderOptions,
} from '../src/index';
import { domError, FakeMediaRecorder, fakeStream } from './support/fake-media';

beforeEach(() => {
  FakeMediaRecorder.reset();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => vi.useRealTimers());

function recorder(over: Partial<RecorderOptions> = {}) {
  const stream = fakeStream();
  const getUserMedia = vi.fn(async () => stream);
  const made = createRecorder({
    getUserMedia,
    MediaRecorder: FakeMediaRecorder,
    createObjectUrl: () => 'blob:preview',
    revokeObjectUrl: vi.fn(),
    ...over,
  });
  return { recorder: made, stream, getUserMedia };
}

const last = () => FakeMediaRecorder.instances.at(-1) as FakeMediaRecorder;

describe('format preference (spec §9)', () => {
  it('notes prefer audio/webm, calls audio/wav; both fall back to mp4, then mpeg', () => {
    const all = (t: string) => ['audio/webm', 'audio/wav', 'audio/mp4', 'audio/mpeg'].includes(t);
    expect(pickRecordingMimeType('note', all)).toBe('audio/webm');
    expect(pickRecordingMimeType('call', all)).toBe('audio/wav');
    const safari = (t: string) => t === 'audio/mp4' || t === 'audio/mpeg';
    expect(pickRecordingMimeType('note', safari)).toBe('audio/mp4');
    expect(pickRecordingMimeType('call', safari)).toBe('audio/mp4');
    expect(pickRecordingMimeType('note', (t) => t === 'audio/mpeg')).toBe('audio/mpeg');
    expect(pickRecordingMimeType('note', () => false)).toBe('');
  });

  it('the recorder asks MediaRecorder for the preferred supported type', async () => {
    FakeMediaRecorder.supported = new Set(['audio/mp4']);
    const { recorder: r } = recorder();
    await r.start();
    expect(last().mimeType).toBe('audio/mp4');
    expect(r.state.mimeType).toBe('audio/mp4');
  });
});

describe('timer m:ss', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [59_000, '0:59'],
    [65_000, '1:05'],
    [720_000, '12:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatRecordingTime(ms)).toBe(text);
  });
});

describe('idle → recording → stopped with preview', () => {
  it('records in 1000 ms chunks, ticks the timer, and stops into a playable preview', async () => {
    const { recorder: r, stream, getUserMedia } = recorder();
    expect(r.state.status).toBe('idle');
    const flags: boolean[] = [];
    r.on('recording', (on) => flags.push(on));
    expect(await r.start()).toBe(true);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(r.state.status).toBe('recording');
    expect(last().timeslice).toBe(1000);
    last().emit(4000);
    vi.advanceTimersByTime(2000);
    last().emit(5000);
    expect(formatRecordingTime(r.state.elapsedMs)).toBe('0:02');
    const preview = await r.stop();
    expect(r.state.status).toBe('stopped');
    expect(preview?.blob.size).toBe(9000);
    expect(preview?.mimeType).toBe('audio/webm');
    expect(preview?.url).toBe('blob:preview');
    expect(preview?.durationMs).toBe(2000);
    expect(stream.track.stopped).toBe(true);
    expect(flags).toEqual([true, false]);
  });

  it('send: take() hands the preview over and returns to idle', async () => {
    const { recorder: r } = recorder();
    await r.start();
    last().emit(3500);
    await r.stop();
    const taken = r.take();
    expect(taken?.blob.size).toBe(3500);
    expect(r.state.status).toBe('idle');
    expect(r.state.preview).toBeNull();
    expect(r.take()).toBeNull();
  });

  it('delete: discard() drops the preview and revokes its URL', async () => {
    const revoke = vi.fn();
    const { recorder: r } = recorder({ revokeObjectUrl: revoke });
    await r.start();
    last().emit(3500);
    await r.stop();
    r.discard();
    expect(r.state.status).toBe('idle');
    expect(r.state.preview).toBeNull();
    expect(revoke).toHaveBeenCalledWith('blob:preview');
  });

  it('delete while recording stops the microphone and keeps nothing', async () => {
    const { recorder: r, stream } = recorder();
    await r.start();
    last().emit(3500);
    r.discard();
    await Promise.resolve();
    expect(r.state.status).toBe('idle');
    expect(r.state.preview).toBeNull();
    expect(stream.track.stopped).toBe(true);
  });
});

describe('live chunks (spec §5: under 3000 bytes never streamed)', () => {
  it('emits only chunks of at least 3000 bytes, all of them go into the recording', async () => {
    const { recorder: r } = recorder();
    const sizes: number[] = [];
    r.on('chunk', ({ data, mimeType }) => {
      sizes.push(data.size);
      expect(mimeType).toBe('audio/webm');
    });
    await r.start();
    last().emit(2999);
    last().emit(3000);
    last().emit(120);
    last().emit(8000);
    const preview = await r.stop();
    expect(sizes).toEqual([3000, 8000]);
    expect(preview?.blob.size).toBe(2999 + 3000 + 120 + 8000);
  });
});

describe('failures are explained', () => {
  it.each([
    ['NotFoundError', 'no_microphone'],
    ['OverconstrainedError', 'no_microphone'],
    ['NotAllowedError', 'permission_denied'],
    ['SecurityError', 'permission_denied'],
    ['AbortError', 'failed'],
  ])('getUserMedia %s → %s, back to idle', async (name, code) => {
    const { recorder: r } = recorder({
      getUserMedia: async () => {
        throw domError(name);
      },
    });
    expect(await r.start()).toBe(false);
    expect(r.state.status).toBe('idle');
    expect(r.state.error).toBe(code);
  });

  it('no mediaDevices at all: no microphone', async () => {
    const r = createRecorder({ MediaRecorder: FakeMediaRecorder });
    // Node has no navigator.mediaDevices.
    expect(await r.start()).toBe(false);
    expect(r.state.error).toBe('no_microphone');
  });

  it('no MediaRecorder: unsupported, and the microphone is never asked', async () => {
    const getUserMedia = vi.fn(async () => fakeStream());
    const r = createRecorder({ getUserMedia });
    expect(await r.start()).toBe(false);
    expect(r.state.error).toBe('unsupported');
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('a new start clears the previous error', async () => {
    let fail = true;
    const r = createRecorder({
      MediaRecorder: FakeMediaRecorder,
      getUserMedia: async () => {
        if (fail) throw domError('NotAllowedError');
        return fakeStream();
      },
    });
    await r.start();
    expect(r.state.error).toBe('permission_denied');
    fail = false;
    expect(await r.start()).toBe(true);
    expect(r.state.error).toBeNull();
  });
});
