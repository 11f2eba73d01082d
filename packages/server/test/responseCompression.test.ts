import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChatClient, createChatUser, socketUrl } from './support/chatClients.js';
import { rawGet } from './support/rawGet.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const raw = (path: string, headers: Record<string, string>) => rawGet(server.url, path, headers);

describe('JSON answers compressed by Accept-Encoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
  ])(
    'sends a JSON answer over 1 KiB with Accept-Encoding %s as %s, the same JSON decoded, its Cache-Control kept',
    async (accept, encoding) => {
      const plain = await raw('/meta/capabilities', {});
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);

      const answer = await raw('/meta/capabilities', { 'accept-encoding': accept });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(String(answer.headers['content-type'])).toContain('application/json');
      expect(String(answer.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(answer.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(answer.body.length).toBeLessThan(plain.body.length);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
      expect(JSON.parse(decoded.toString())).toEqual(JSON.parse(plain.body.toString()));
    },
  );

  it('leaves a small answer as it is', async () => {
    const answer = await raw('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });

  it('never compresses an image, which is compressed already', async () => {
    const folder = join(server.dataDir, 'media', 'profile-images');
    await mkdir(folder, { recursive: true });
    // PNG's signature, then bytes that would compress well if anyone tried.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(8192, 0),
    ]);
    await writeFile(join(folder, 'abcdefghijklmnop.png'), png);
    const answer = await raw('/media/profile-images/abcdefghijklmnop.png', {
      'accept-encoding': 'br, gzip',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBe(String(png.length));
    expect(answer.body.equals(png)).toBe(true);
  });

  it('leaves the chat socket working', async () => {
    const user = await createChatUser(server);
    const client = await ChatClient.connect(socketUrl(server, user.id, user.token), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });
});
