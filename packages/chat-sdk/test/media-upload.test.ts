import { describe, expect, it } from 'vitest';
import { ApiError, type UploadRequest, type UploadTransport } from '../src/index';
import { ana, persistedValue } from './support/fixtures';
import { createTestClient, csrfHandler, useApiServer } from './support/test-client';

const server = useApiServer();

/** A fake upload transport: records each request, reports progress, answers what the test says. */
function fakeTransport(answer: (request: UploadRequest) => { status: number; body: unknown }) {
  const requests: UploadRequest[] = [];
  const transport: UploadTransport = async (request) => {
    requests.push(request);
    request.onProgress?.(0);
    request.onProgress?.(37);
    request.onProgress?.(100);
    const { status, body } = answer(request);
    return { status, body: JSON.stringify(body), contentType: 'application/json' };
  };
  return { transport, requests };
}

function signedIn(transport: UploadTransport) {
  server.use(csrfHandler());
  return createTestClient({
    stored: { 'persist:root': persistedValue('token-1', ana) },
    uploadTransport: transport,
  }).client;
}

describe('POST /chatmessage/upload-file/ (spec §7)', () => {
  it('sends file, file_type, sender_id and receiver_id as multipart and reports progress', async () => {
    const fake = fakeTransport(() => ({
      status: 201,
      body: { file_url: '/chatmessage/files/abc.png', file_name: 'cat.png' },
    }));
    const client = signedIn(fake.transport);
    await client.ready;
    const progress: number[] = [];
    const file = new File([new Uint8Array(2048)], 'cat.png', { type: 'image/png' });
    const answer = await client.api.media.uploadFile(
      { file, senderId: 1, receiverId: 2 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(answer).toEqual({ file_url: '/chatmessage/files/abc.png', file_name: 'cat.png' });
    expect(progress).toEqual([0, 37, 100]);
    const request = fake.requests[0] as UploadRequest;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/chatmessage/upload-file/');
    expect(request.headers.Authorization).toBe('Bearer token-1');
    expect(request.headers['X-CSRFToken']).toBe('csrf-1');
    const form = request.body;
    expect((form.get('file') as File).name).toBe('cat.png');
    expect((form.get('file') as File).size).toBe(2048);
    expect(form.get('file_type')).toBe('image/png');
    expect(form.get('sender_id')).toBe('1');
    expect(form.get('receiver_id')).toBe('2');
  });

  it('a group upload names the room (Parley extension) and leaves receiver_id empty', async () => {
    const fake = fakeTransport(() => ({ status: 201, body: { file_url: '/f/1', file_name: 'a' } }));
    const client = signedIn(fake.transport);
    await client.ready;
    await client.api.media.uploadFile({
      file: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
      fileType: 'application',
      senderId: 1,
      receiverId: null,
      roomName: 'team',
    });
    const form = fake.requests[0]?.body as FormData;
    expect(form.get('receiver_id')).toBe('');
    expect(form.get('room_name')).toBe('team');
    expect(form.get('file_type')).toBe('application');
    expect((form.get('file') as File).name).toBe('file.pdf');
  });

  it('a refused upload rejects with the server error', async () => {
    const fake = fakeTransport(() => ({ status: 413, body: { detail: 'File too large.' } }));
    const client = signedIn(fake.transport);
    await client.ready;
    const upload = client.api.media.uploadFile({
      file: new Blob(['x'], { type: 'text/plain' }),
      senderId: 1,
      receiverId: 2,
    });
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    await expect(upload).rejects.toMatchObject({ status: 413, detail: 'File too large.' });
  });
});

describe('POST /chatmessage/upload-chat-voice/ (spec §7)', () => {
  it('sends audio, sender_id and receiver_id and reads transcript, audio_url, file_name', async () => {
    const fake = fakeTransport(() => ({
      status: 201,
      // Spec fields only.
      body: { transcript: 'hello world', audio_url: '/v/1.webm', file_name: 'voice.webm' },
    }));
    const client = signedIn(fake.transport);
    await client.ready;
    const answer = await client.api.media.uploadVoice({
      audio: new Blob([new Uint8Array(4000)], { type: 'audio/webm;codecs=opus' }),
      senderId: 1,
      receiverId: 2,
    });
    expect(answer).toEqual({
      kind: 'uploaded',
      transcript: 'hello world',
      audio_url: '/v/1.webm',
      file_name: 'voice.webm',
    });
    const form = fake.requests[0]?.body as FormData;
    expect(new URL(fake.requests[0]?.url ?? '').pathname).toBe('/chatmessage/upload-chat-voice/');
    expect((form.get('audio') as File).name).toBe('voice.webm');
    expect(form.get('sender_id')).toBe('1');
    expect(form.get('receiver_id')).toBe('2');
  });

  it.each([
    [
      'a 403 with voice_limit_reached: true',
      403,
      {
        voice_limit_reached: true,
        error: 'voice_limit_reached',
        detail: 'Daily voice limit reached.',
      },
    ],
    ['a 200 whose error field is voice_limit_reached', 200, { error: 'voice_limit_reached' }],
    [
      'a 429 with only the field',
      429,
      { voice_limit_reached: 'Upgrade to send more voice notes.' },
    ],
  ])('%s resolves voice_limit_reached instead of failing', async (_name, status, body) => {
    const fake = fakeTransport(() => ({ status, body }));
    const client = signedIn(fake.transport);
    await client.ready;
    const answer = await client.api.media.uploadVoice({
      audio: new Blob([new Uint8Array(4000)], { type: 'audio/webm' }),
      senderId: 1,
      receiverId: 2,
    });
    expect(answer.kind).toBe('voice_limit_reached');
  });

  it('an empty transcript is no transcript (null), never an empty string', async () => {
    const fake = fakeTransport(() => ({
      status: 201,
      body: { transcript: '  ', audio_url: '/v/2.webm', file_name: 'v.webm' },
    }));
    const client = signedIn(fake.transport);
    await client.ready;
    const answer = await client.api.media.uploadVoice({
      audio: new Blob([new Uint8Array(10)], { type: 'audio/webm' }),
      senderId: 1,
      receiverId: 2,
    });
    expect(answer).toMatchObject({ kind: 'uploaded', transcript: null });
  });

  it('a server failure rejects (the voice note flow turns it into a retryable message)', async () => {
    const fake = fakeTransport(() => ({ status: 500, body: { detail: 'boom' } }));
    const client = signedIn(fake.transport);
    await client.ready;
    await expect(
      client.api.media.uploadVoice({
        audio: new Blob([new Uint8Array(10)], { type: 'audio/webm' }),
        senderId: 1,
        receiverId: 2,
      }),
    ).rejects.toMatchObject({ status: 500 });
  });
});
