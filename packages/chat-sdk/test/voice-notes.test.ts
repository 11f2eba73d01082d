import { describe, expect, it } from 'vitest';
import {
  type ChatMessageSendFrame,
  createLiveVoiceStream,
  createVoiceOutput,
  readVoiceChunk,
  type UploadRequest,
  VOICE_UPLOAD_FAILED,
} from '../src/index';
import { fakeAudio } from './support/fake-media';
import { statusIs, useSocketSetup } from './support/socket-client';
import { type ServerConnection, until } from './support/socket-server';
import { useApiServer } from './support/test-client';

const api = useApiServer();

/** The voice upload, played by the test: each request waits until answered. */
const uploads: {
  request: UploadRequest;
  answer: (status: number, body: unknown) => void;
  fail: () => void;
}[] = [];
const setup = useSocketSetup(api, () => {
  uploads.length = 0;
  return {
    uploadTransport: (request) =>
      new Promise((resolve, reject) => {
        uploads.push({
          request,
          answer: (status, body) =>
            resolve({ status, body: JSON.stringify(body), contentType: 'application/json' }),
          fail: () => reject(new Error('connection reset')),
        });
      }),
  };
});
const ROOM = 'private-1-2';

async function openConnection(): Promise<ServerConnection> {
  setup.client.socket.connect();
  const connection = await setup.server.connection(1);
  await statusIs(setup.client, 'open');
  return connection;
}

const messages = () => setup.client.chat.state.rooms[ROOM]?.messages ?? [];
const chatFrames = (c: ServerConnection) =>
  c.frames.filter((f): f is ChatMessageSendFrame => f.type === 'chat_message');
const audio = () => new Blob([new Uint8Array(5000)], { type: 'audio/webm' });

describe('voice note send (spec §4): placeholder, upload, then the message with its transcript', () => {
  it('shows a pending placeholder at once, uploads, then sends audio_url and transcript', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const clientId = setup.client.chat.sendVoiceNote({
      roomName: ROOM,
      audio: audio(),
      localUrl: 'blob:local',
    });
    // The placeholder is in the list before anything answered.
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({
      client_id: clientId,
      status: 'sending',
      uploading: true,
      file_type: 'audio',
      local_audio_url: 'blob:local',
      type: 'sent',
    });
    await until(() => uploads.length === 1);
    const form = uploads[0]?.request.body as FormData;
    expect(new URL(uploads[0]?.request.url ?? '').pathname).toBe('/chatmessage/upload-chat-voice/');
    expect(form.get('sender_id')).toBe('1');
    expect(form.get('receiver_id')).toBe('2');
    expect((form.get('audio') as Blob).size).toBe(5000);
    // Nothing goes over the socket before the upload answered.
    expect(chatFrames(connection)).toHaveLength(0);
    uploads[0]?.answer(201, {
      transcript: 'hello there',
      audio_url: '/v/1.webm',
      file_name: 'voice.webm',
    });
    await until(() => chatFrames(connection).length === 1);
    expect(chatFrames(connection)[0]).toMatchObject({
      type: 'chat_message',
      sender_id: 1,
      receiver_id: 2,
      file_type: 'audio',
      audio_url: '/v/1.webm',
      // A spec-only backend knows only file_url.
      file_url: '/v/1.webm',
      file_name: 'voice.webm',
      transcript: 'hello there',
      client_id: clientId,
    });
    expect(messages()[0]).toMatchObject({
      uploading: false,
      audio_url: '/v/1.webm',
      transcript: 'hello there',
    });
  });

  it('a failed upload leaves a failed, retryable message (no ghost) and asks for the toast', async () => {
    const connection = await openConnection();
    const failures: string[] = [];
    setup.client.chat.on('voiceUploadFailed', ({ clientId }) => failures.push(clientId));
    const clientId = setup.client.chat.sendVoiceNote({ roomName: ROOM, audio: audio() });
    await until(() => uploads.length === 1);
    uploads[0]?.fail();
    await until(() => messages()[0]?.status === 'failed');
    expect(failures).toEqual([clientId]);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]?.error).toEqual({ code: 'upload_failed', detail: VOICE_UPLOAD_FAILED });
    expect(VOICE_UPLOAD_FAILED).toBe('Something went wrong while uploading voice.');
    expect(chatFrames(connection)).toHaveLength(0);
    // Retry uploads the same recording again, then sends.
    expect(setup.client.chat.retry(clientId)).toBe(true);
    expect(messages()[0]?.status).toBe('sending');
    await until(() => uploads.length === 2);
    expect((uploads[1]?.request.body.get('audio') as Blob | undefined)?.size).toBe(5000);
    uploads[1]?.answer(201, { transcript: 'hi', audio_url: '/v/2.webm', file_name: 'v.webm' });
    await until(() => chatFrames(connection).length === 1);
    expect(chatFrames(connection)[0]?.client_id).toBe(clientId);
    expect(messages()).toHaveLength(1);
  });

  it('voice_limit_reached fails the message and asks for the upgrade modal', async () => {
    await openConnection();
    const limits: string[] = [];
    setup.client.chat.on('voiceLimitReached', ({ clientId }) => limits.push(clientId));
    const clientId = setup.client.chat.sendVoiceNote({ roomName: ROOM, audio: audio() });
    await until(() => uploads.length === 1);
    uploads[0]?.answer(403, {
      voice_limit_reached: true,
      error: 'voice_limit_reached',
      detail: 'Limit',
    });
    await until(() => messages()[0]?.status === 'failed');
    expect(limits).toEqual([clientId]);
    expect(messages()[0]?.error?.code).toBe('voice_limit_reached');
  });

  it("the server's echo settles the placeholder (no duplicate)", async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const clientId = setup.client.chat.sendVoiceNote({ roomName: ROOM, audio: audio() });
    await until(() => uploads.length === 1);
    uploads[0]?.answer(201, { transcript: 'hello', audio_url: '/v/3.webm', file_name: 'v.webm' });
    await until(() => chatFrames(connection).length === 1);
    connection.send({
      type: 'chat_message',
      id: 9,
      client_id: clientId,
      room_name: ROOM,
      sender_id: 1,
      sender_username: 'ana',
      sender_profile_image: null,
      message: '',
      original_message: '',
      original_language: 'en',
      file_type: 'audio',
      file_url: null,
      file_name: 'v.webm',
      audio_url: '/v/3.webm?sig=1',
      transcript: 'hello',
      timestamp: '2026-11-25T10:00:00.000Z',
    });
    await until(() => messages()[0]?.id === 9);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]?.status).toBe('sent');
  });
});

describe('live voice chunks (spec §7)', () => {
  it('nothing is queued while the socket is closed', async () => {
    const stream = createLiveVoiceStream(setup.client.socket, {
      from: 1,
      receiverId: 2,
      mimeType: 'audio/webm',
    });
    expect(await stream.push(new Blob([new Uint8Array(5000)]))).toBe(false);
    const connection = await openConnection();
    await connection.roundTrip();
    expect(connection.order).toEqual([]);
  });

  it('incoming voice_chunk is read with only the spec fields', () => {
    const noExtensions = { roomName: null, seq: null, mimeType: null, language: null };
    expect(readVoiceChunk({ type: 'voice_chunk', from: 2, synth_audio_url: '/s/1.webm' })).toEqual({
      from: 2,
      synthAudioUrl: '/s/1.webm',
      originalBlob: null,
      ...noExtensions,
    });
    expect(readVoiceChunk({ type: 'voice_chunk', from: '2', original_blob: 'AAAA' })).toEqual({
      from: 2,
      synthAudioUrl: null,
      originalBlob: 'AAAA',
      ...noExtensions,
    });
    expect(readVoiceChunk({ type: 'voice_chunk', from: 2 })).toBeNull();
  });
});

function incoming(connection: ServerConnection, id: number, over: Record<string, unknown>) {
  connection.send({
    type: 'chat_message',
    id,
    client_id: `s-${id}`,
    room_name: ROOM,
    sender_id: 2,
    sender_username: 'bo',
    sender_profile_image: null,
    message: '',
    original_message: '',
    original_language: 'en',
    file_type: 'text',
    file_url: null,
    file_name: null,
    audio_url: null,
    transcript: null,
    timestamp: '2026-11-25T10:00:00.000Z',
    ...over,
  });
}

describe('voice output: queued, never overlapping, mute honoured', () => {
  it('speaks the open room: synthesized voice notes and server speech of text, one at a time', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'Spanish' }),
      createAudio: audio.createAudio,
      speechUrl: ({ message }) => `/speech/${message.id}`,
      notificationUrl: '/ding.wav',
    });
    incoming(connection, 1, {
      file_type: 'audio',
      audio_url: '/v/orig.webm',
      synth_audio_url: '/v/es.webm',
      transcript: 'hola',
    });
    incoming(connection, 2, { message: 'hola', original_message: 'hello' });
    incoming(connection, 3, { file_type: 'audio', audio_url: '/v/only-original.webm' });
    await until(() => audio.played.length === 1);
    await connection.roundTrip();
    // The first clip plays alone until it ends.
    expect(audio.played).toEqual(['/v/es.webm']);
    audio.live[0]?.end();
    await until(() => audio.played.length === 2);
    expect(audio.played[1]).toBe('/speech/2');
    audio.live[1]?.end();
    await until(() => audio.played.length === 3);
    expect(audio.played[2]).toBe('/v/only-original.webm');
    output.dispose();
  });

  it('voice output off: a notification sound instead; mute sounds: silence', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const user = { voice_output_enabled: false, mute_sounds: false, language: 'Spanish' };
    const output = createVoiceOutput({
      chat: setup.client.chat,
      getUser: () => user,
      createAudio: audio.createAudio,
      notificationUrl: '/ding.wav',
    });
    incoming(connection, 1, { message: 'hola' });
    await until(() => audio.played.length === 1);
    expect(audio.played).toEqual(['/ding.wav']);
    audio.live[0]?.end();
    user.mute_sounds = true;
    incoming(connection, 2, { message: 'otra' });
    await until(() => messages().length === 2);
    await connection.roundTrip();
    expect(audio.played).toEqual(['/ding.wav']);
    output.dispose();
  });

  it('opening another room stops what the last room was saying and forgets its queue', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: true, language: 'Spanish' }),
      createAudio: audio.createAudio,
    });
    incoming(connection, 1, { file_type: 'audio', audio_url: '/v/one.webm' });
    incoming(connection, 2, { file_type: 'audio', audio_url: '/v/two.webm' });
    await until(() => audio.played.length === 1 && output.queued === 1);
    setup.client.chat.openRoom('private-1-3');
    await until(() => !output.playing);
    expect(output.queued).toBe(0);
    expect(audio.paused).toEqual(['/v/one.webm']);
    // Nothing more of the old room plays, even once the stopped clip would have ended.
    audio.live[0]?.end();
    await connection.roundTrip();
    expect(audio.played).toEqual(['/v/one.webm']);
    output.dispose();
  });

  it('a message of another room is not spoken (a notification sound plays)', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom('private-1-3');
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'Spanish' }),
      createAudio: audio.createAudio,
      notificationUrl: '/ding.wav',
    });
    incoming(connection, 1, { file_type: 'audio', audio_url: '/v/x.webm' });
    await until(() => audio.played.length === 1);
    expect(audio.played).toEqual(['/ding.wav']);
    output.dispose();
  });
});

describe('a spec-only backend', () => {
  it('a voice message with only the spec fields (no ids, no extensions) shows and is spoken', async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'Spanish' }),
      createAudio: audio.createAudio,
    });
    connection.send({
      type: 'chat_message',
      sender_id: '2',
      sender_username: 'bo',
      sender_profile_image: null,
      message: '',
      file_type: 'audio/webm',
      file_url: '/media/voice.webm',
      audio_url: null,
      file_name: 'voice.webm',
      timestamp: '2026-11-25T10:00:00Z',
      transcript: 'hello',
    });
    await until(() => audio.played.length === 1);
    expect(audio.played).toEqual(['/media/voice.webm']);
    expect(messages()[0]).toMatchObject({ file_type: 'audio', transcript: 'hello', id: null });
    output.dispose();
  });
});

describe('voice output of live streams', () => {
  it("speaks a voice_chunk's synthesized rendition from the open room only", async () => {
    const connection = await openConnection();
    setup.client.chat.openRoom(ROOM);
    const audio = fakeAudio();
    const output = createVoiceOutput({
      chat: setup.client.chat,
      socket: setup.client.socket,
      getUser: () => ({ voice_output_enabled: true, mute_sounds: false, language: 'Spanish' }),
      createAudio: audio.createAudio,
    });
    // An English speaker's raw chunk is not played to a Spanish reader; another room's rendition
    // neither.
    connection.send({ type: 'voice_chunk', from: 2, original_blob: 'AAAA', language: 'en' });
    connection.send({
      type: 'voice_chunk',
      from: 3,
      synth_audio_url: '/s/other.webm',
      room_name: 'private-1-3',
    });
    connection.send({ type: 'voice_chunk', from: 2, synth_audio_url: '/s/es.webm' });
    await until(() => audio.played.length === 1);
    await connection.roundTrip();
    expect(audio.played).toEqual(['/s/es.webm']);
    output.dispose();
  });
});
