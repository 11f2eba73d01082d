import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegCodec } from '../src/media/audio.js';
import { runProcess } from '../src/media/processes.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { ffmpegAvailable } from './support/engines.js';
import { silentWav, upload } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// ffmpeg reads people's uploads with the demuxer their signature calls for and local files only:
// left to guess, it reads an HLS or concat playlist hidden behind an ID3 tag, and the playlist
// may name any file on the server (or a URL).

/** An ID3v2 tag with no frames: ffmpeg skips it when guessing a format. */
const ID3 = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);

let dir: string;
let serverFile: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parley-ffmpeg-input-'));
  // A file on the server that nobody uploaded (an MP3: HLS reads segments with media
  // extensions): a playlist must not get it decoded.
  const wav = join(dir, 'server-side.wav');
  await writeFile(wav, silentWav(2000));
  serverFile = join(dir, 'server-side.mp3');
  if (ffmpegAvailable()) {
    await runProcess('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      wav,
      '-c:a',
      'libmp3lame',
      serverFile,
    ]);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function hlsPlaylist(target: string): Buffer {
  return Buffer.concat([
    ID3,
    Buffer.from(
      `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${target}\n#EXT-X-ENDLIST\n`,
    ),
  ]);
}

function concatPlaylist(target: string): Buffer {
  return Buffer.concat([ID3, Buffer.from(`ffconcat version 1.0\nfile '${target}'\n`)]);
}

describe.skipIf(!ffmpegAvailable())('ffmpeg reads uploads with an explicit demuxer', () => {
  const codec = new FfmpegCodec();

  it.each([
    ['an HLS playlist', () => hlsPlaylist(serverFile)],
    ['an HLS playlist naming a URL', () => hlsPlaylist('http://127.0.0.1:9/x.wav')],
    ['a concat playlist', () => concatPlaylist(serverFile)],
  ])('%s behind an ID3 tag is not audio', async (_label, bytes) => {
    await expect(codec.normalize(bytes(), 30)).rejects.toThrow();
  });

  it('real audio still decodes (WAV, and MP3 behind an ID3 tag)', async () => {
    const wav = await codec.normalize(silentWav(1000), 30);
    expect(wav.durationMs).toBeGreaterThan(900);
    const mp3Bytes = await readFile(serverFile);
    expect(mp3Bytes.subarray(0, 3).toString('latin1')).toBe('ID3');
    const mp3 = await codec.normalize(mp3Bytes, 30);
    expect(mp3.durationMs).toBeGreaterThan(1500);
    const speech = await codec.encodeSpeech(silentWav(1000));
    expect(speech.webm.length).toBeGreaterThan(0);
    expect(speech.mp4.length).toBeGreaterThan(0);
  });

  it('a file with no video container is not a video', async () => {
    expect(await codec.decodesVideo(hlsPlaylist(serverFile))).toBe(false);
  });
});

describe.skipIf(!ffmpegAvailable())('upload-chat-voice refuses a playlist as not audio', () => {
  let server: TestServer;
  let ana: ChatUser;
  let ben: ChatUser;
  beforeAll(async () => {
    server = await startTestServer();
    ana = await createChatUser(server);
    ben = await createChatUser(server);
  });
  afterAll(() => server?.close());

  it.each([
    ['HLS', () => hlsPlaylist(serverFile)],
    ['concat', () => concatPlaylist(serverFile)],
  ])('%s playlist → 400 {detail}', async (_label, bytes) => {
    const response = await upload(
      server,
      MEDIA_PATHS.uploadVoice,
      ana.token,
      { sender_id: String(ana.id), receiver_id: String(ben.id) },
      { field: 'audio', bytes: bytes(), name: 'note.mp3', type: 'audio/mpeg' },
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: expect.any(String) });
  });
});
