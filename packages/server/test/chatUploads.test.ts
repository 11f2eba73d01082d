import { MEDIA_LIMITS, MEDIA_PATHS, privateRoomName } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { ffmpegAvailable } from './support/engines.js';
import {
  ffmpegVideo,
  jpegWithExif,
  metadataWithoutExif,
  silentWav,
  upload,
} from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// POST /chatmessage/upload-file/ and GET /chatmessage/files/:name on a real server (PGlite,
// loopback HTTP, real sockets): typed by content, size-limited, served safely to members only.

let server: TestServer;
let ana: ChatUser;
let bo: ChatUser;
let eve: ChatUser; // outsider
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ana = await createChatUser(server, { language: 'English' });
  bo = await createChatUser(server, { language: 'English' });
  eve = await createChatUser(server, { language: 'English' });
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(async () => {
  // Keep-alive connections left by the fetches above would hold the close open.
  server?.app.server.closeIdleConnections();
  await server?.close();
});

const sendFile = (bytes: Uint8Array, name: string, type?: string, sender = ana, receiver = bo) =>
  upload(
    server,
    MEDIA_PATHS.uploadFile,
    sender.token,
    {
      file_type: type ?? 'application',
      sender_id: String(sender.id),
      receiver_id: String(receiver.id),
    },
    { field: 'file', bytes, name, type },
  );

/** GET with the body read to the end (no half-read response keeps a connection busy). */
async function fetchAs(url: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${url}`, {
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

const bare = (url: string) => url.split('?')[0] as string;

async function png(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

describe('upload-file: kinds by content', () => {
  it('a PNG is re-encoded, gets a thumbnail and is served inline as image/png', async () => {
    const result = await sendFile(await png(), 'photo.png', 'image/png');
    expect(result.status, result.text).toBe(201);
    expect(result.body).toMatchObject({
      file_name: 'photo.png',
      file_type: 'image',
      mime_type: 'image/png',
      width: 40,
      height: 30,
    });
    const url = String(result.body.file_url);
    expect(url.startsWith(MEDIA_PATHS.filesPrefix)).toBe(true);
    const served = await fetchAs(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toMatch(/^inline/);
    const thumb = await fetchAs(String(result.body.thumbnail_url));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
  });

  it('a JPEG loses its EXIF metadata (GPS and the like) on re-encode', async () => {
    const withExif = await jpegWithExif(20, 20, '#aa0000');
    const result = await sendFile(withExif, 'me.jpg', 'image/jpeg');
    expect(result.status, result.text).toBe(201);
    await metadataWithoutExif((await fetchAs(String(result.body.file_url))).body);
  });

  it('a file that only carries an image signature is refused', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200, 7),
    ]);
    const result = await sendFile(fake, 'broken.png', 'image/png');
    expect(result.status).toBe(400);
  });

  it.skipIf(!ffmpegAvailable())(
    'an MP4 video is video/mp4, inline, and answers range requests',
    async () => {
      const video = await ffmpegVideo();
      const result = await sendFile(video, 'clip.mp4', 'video/mp4');
      expect(result.status, result.text).toBe(201);
      expect(result.body).toMatchObject({ file_type: 'video', mime_type: 'video/mp4' });
      const url = String(result.body.file_url);
      const part = await fetchAs(url, undefined, { Range: 'bytes=0-9' });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-9/${video.length}`);
      expect(part.body).toEqual(video.subarray(0, 10));
      const tail = await fetchAs(url, undefined, { Range: 'bytes=-4' });
      expect(tail.status).toBe(206);
      expect(tail.body).toEqual(video.subarray(video.length - 4));
      const beyond = await fetchAs(url, undefined, { Range: `bytes=${video.length + 10}-` });
      expect(beyond.status).toBe(416);
    },
  );

  it.skipIf(!ffmpegAvailable())(
    'a file that only opens like an MP4 (its first frame does not decode) is a download, not a video',
    async () => {
      // An ftyp box and a track handler that says `vide`: everything a signature check sees.
      const fake = Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from('ftypisom\0\0\0\x01isomavc1', 'latin1'),
        Buffer.from('\0\0\0\x21hdlr\0\0\0\0\0\0\0\0vide', 'latin1'),
        Buffer.alloc(4000, 7),
      ]);
      const result = await sendFile(fake, 'clip.mp4', 'video/mp4');
      expect(result.status, result.text).toBe(201);
      expect(result.body).toMatchObject({
        file_type: 'application',
        mime_type: 'application/octet-stream',
      });
      const served = await fetchAs(String(result.body.file_url));
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    },
  );

  it('audio (WAV) is audio/wav with ranges; a PDF and plain text are attachments', async () => {
    const wav = silentWav(300);
    const audio = await sendFile(wav, 'note.wav', 'audio/wav');
    expect(audio.body).toMatchObject({ file_type: 'audio', mime_type: 'audio/wav' });
    const part = await fetchAs(String(audio.body.file_url), undefined, { Range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.body.toString('latin1')).toBe(wav.subarray(4, 12).toString('latin1'));

    const pdf = await sendFile(
      Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n'),
      'doc.pdf',
      'application/pdf',
    );
    expect(pdf.body).toMatchObject({ file_type: 'application', mime_type: 'application/pdf' });
    const served = await fetchAs(String(pdf.body.file_url));
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="doc.pdf"/);

    const text = await sendFile(Buffer.from('just some notes\n'), 'notes.txt', 'text/plain');
    expect(text.body).toMatchObject({
      file_type: 'application',
      mime_type: 'text/plain; charset=utf-8',
    });
  });
});

describe('upload-file: lies, markup, sizes', () => {
  it('a PNG named .html with a text/html claim is an image; HTML named .png is an opaque download', async () => {
    const image = await sendFile(await png(), 'evil.html', 'text/html');
    expect(image.body).toMatchObject({ file_type: 'image', mime_type: 'image/png' });

    const html = await sendFile(
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'photo.png',
      'image/png',
    );
    expect(html.status, html.text).toBe(201);
    expect(html.body).toMatchObject({
      file_type: 'application',
      mime_type: 'application/octet-stream',
    });
    const served = await fetchAs(String(html.body.file_url));
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('an SVG (with script) is never an image and never inline', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const body of [svg, `<?xml version="1.0"?>\n${svg}`]) {
      const result = await sendFile(Buffer.from(body), 'logo.svg', 'image/svg+xml');
      expect(result.status, result.text).toBe(201);
      expect(result.body.file_type).toBe('application');
      const served = await fetchAs(String(result.body.file_url));
      expect(served.headers.get('content-type')).toBe('application/octet-stream');
      expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  it('zero bytes and no file are refused; an oversized file gets 413', async () => {
    expect((await sendFile(Buffer.alloc(0), 'empty.txt')).status).toBe(400);
    const none = await upload(server, MEDIA_PATHS.uploadFile, ana.token, {
      sender_id: String(ana.id),
      receiver_id: String(bo.id),
    });
    expect(none.status).toBe(400);
    const big = Buffer.alloc(MEDIA_LIMITS.applicationMaxBytes + 1, 0x41);
    big[0] = 0; // binary: application/octet-stream, limited to applicationMaxBytes
    const result = await sendFile(big, 'big.bin');
    expect(result.status).toBe(413);
    const bigImage = Buffer.concat([await png(), Buffer.alloc(MEDIA_LIMITS.imageMaxBytes)]);
    expect((await sendFile(bigImage, 'big.png', 'image/png')).status).toBe(413);
  });

  it('a flood of uploads from one person gets 429 {detail} after 60 a minute; others are unaffected', async () => {
    const flooder = await createChatUser(server, { language: 'English' });
    await connectUsers(server, flooder, bo);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      const result = await sendFile(Buffer.from(`note ${i}`), `n${i}.txt`, 'text/plain', flooder);
      statuses.push(result.status);
    }
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    const limited = await sendFile(Buffer.from('more'), 'more.txt', 'text/plain', flooder);
    expect(limited.status).toBe(429);
    expect(typeof limited.body.detail).toBe('string');
    expect((await sendFile(Buffer.from('fine'), 'fine.txt')).status).toBe(201);
  });

  it('anonymous uploads get 401; another sender_id or a room the sender is not in gets 403', async () => {
    const anonymous = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      null,
      { sender_id: String(ana.id), receiver_id: String(bo.id) },
      { field: 'file', bytes: Buffer.from('x'), name: 'x.txt' },
    );
    expect(anonymous.status).toBe(401);
    const spoofed = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      eve.token,
      { sender_id: String(ana.id), receiver_id: String(bo.id) },
      { field: 'file', bytes: Buffer.from('x'), name: 'x.txt' },
    );
    expect(spoofed.status).toBe(403);
    const group = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      eve.token,
      { sender_id: String(eve.id), room_name: 'no-such-group' },
      { field: 'file', bytes: Buffer.from('x'), name: 'x.txt' },
    );
    expect(group.status).toBe(403);
  });
});

describe('group uploads', () => {
  it("a member uploads into the group's room; members read it, outsiders get 404", async () => {
    await connectUsers(server, ana, bo);
    const form = new FormData();
    form.append('name', `Uploads ${ana.id}`);
    form.append('user_ids', String(bo.id));
    const created = await fetch(`${server.url}/chatmessage/create/group/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ana.token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const group = (await created.json()) as { room_name: string };
    const result = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      bo.token,
      { file_type: 'image', sender_id: String(bo.id), room_name: group.room_name },
      { field: 'file', bytes: await png(), name: 'team.png', type: 'image/png' },
    );
    expect(result.status, result.text).toBe(201);
    const url = bare(String(result.body.file_url));
    for (const member of [ana, bo]) expect((await fetchAs(url, member.token)).status).toBe(200);
    expect((await fetchAs(url, eve.token)).status).toBe(404);
    // An outsider cannot upload into it either.
    const outsider = await upload(
      server,
      MEDIA_PATHS.uploadFile,
      eve.token,
      { sender_id: String(eve.id), room_name: group.room_name },
      { field: 'file', bytes: Buffer.from('x'), name: 'x.txt' },
    );
    expect(outsider.status).toBe(403);
  });
});

describe('file access: members only', () => {
  it('members by bearer or signed URL; outsiders 404, anonymous 403, forged or expired signatures 404', async () => {
    const result = await sendFile(Buffer.from('private notes'), 'secret.txt');
    const url = String(result.body.file_url);
    expect((await fetchAs(bare(url), bo.token)).status).toBe(200);
    expect((await fetchAs(bare(url), ana.token)).status).toBe(200);
    expect((await fetchAs(url)).status).toBe(200);
    expect((await fetchAs(bare(url), eve.token)).status).toBe(404);
    expect((await fetchAs(bare(url))).status).toBe(403);
    expect((await fetchAs(`${bare(url)}?e=9999999999&s=forged`)).status).toBe(404);
    const expires = new URL(url, server.url).searchParams.get('e');
    expect((await fetchAs(url.replace(`e=${expires}`, 'e=1000'))).status).toBe(404);
    expect((await fetchAs(bare(url), 'not-a-token')).status).toBe(403);
    expect((await fetchAs(`${MEDIA_PATHS.filesPrefix}..%2F..%2Fdb`, ana.token)).status).toBe(404);
  });
});

describe('chat_message file_url: only the sender’s own uploads to this room', () => {
  it('delivers an own upload (signed per delivery) and refuses others’ files and outside URLs', async () => {
    const own = await sendFile(await png(), 'mine.png', 'image/png');
    const other = await sendFile(await png(), 'bos.png', 'image/png', bo, ana);
    const elsewhere = await sendFile(await png(), 'eve.png', 'image/png', ana, eve);
    const [anaSocket, boSocket] = [
      await ChatClient.open(server, ana),
      await ChatClient.open(server, bo),
    ];
    open.push(anaSocket, boSocket);
    const room = privateRoomName(ana.id, bo.id);
    const base = {
      type: 'chat_message',
      message: '',
      sender_id: ana.id,
      receiver_id: bo.id,
      file_type: 'image',
      file_name: 'x.png',
    };
    for (const [id, url] of [
      ['pixel', 'https://tracker.example.com/pixel.png'],
      ['others', String(other.body.file_url)],
      ['other-room', String(elsewhere.body.file_url)],
      ['media', '/media/profile-images/abcdefghijklmnopqr.png'],
    ] as const) {
      anaSocket.send({ ...base, client_id: id, file_url: url });
      expect(await anaSocket.next('error', (f) => f.client_id === id)).toMatchObject({
        code: 'invalid_frame',
      });
    }
    anaSocket.send({ ...base, client_id: 'ok', file_url: String(own.body.file_url) });
    const frame = await boSocket.next('chat_message', (f) => f.client_id === 'ok');
    expect(frame.room_name).toBe(room);
    expect(frame.file_url?.startsWith(`${bare(String(own.body.file_url))}?e=`)).toBe(true);
    expect((await fetchAs(String(frame.file_url))).status).toBe(200);
  });
});
