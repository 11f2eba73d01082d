import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CurrentUser } from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from './support/accounts.js';
import type { HttpClient } from './support/httpClient.js';
import { jpegWithExif, metadataWithoutExif } from './support/media.js';
import { startTestServer, type TestServer } from './support/testServer.js';

let server: TestServer;
let client: HttpClient;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  client = server.client();
  token = (await registerUser(client)).access_token;
});
afterAll(() => server?.close());

// A valid 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const picture = () => sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } });
let GIF: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  GIF = await picture().gif().toBuffer();
  JPEG = await picture().jpeg().toBuffer();
  WEBP = await picture().webp().toBuffer();
});

function upload(bytes: Uint8Array, filename: string, type: string, field = 'profile_image') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return client.patch<CurrentUser>('/accounts/update-profile-image/', form, { token });
}

async function storedFiles(): Promise<string[]> {
  return readdir(join(server.dataDir, 'media', 'profile-images')).catch(() => []);
}

describe('PATCH /accounts/update-profile-image/', () => {
  it('accepts a PNG by its content even when named .txt, and serves it as image/png', async () => {
    const response = await upload(PNG, 'notes.txt', 'text/plain');
    expect(response.status).toBe(200);
    expect(response.body.profile_image).toMatch(/^\/media\/profile-images\/[\w-]+\.png$/);
    expect(response.body.profile_image).not.toContain('notes');

    const served = await fetch(`${server.url}${response.body.profile_image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    // Re-encoded, so not the same bytes; the same picture.
    const pixels = await sharp(Buffer.from(await served.arrayBuffer()))
      .raw()
      .toBuffer();
    expect(pixels).toEqual(await sharp(PNG).raw().toBuffer());

    const me = await client.get<CurrentUser>('/accounts/me/', { token });
    expect(me.body.profile_image).toBe(response.body.profile_image);
  });

  it.each([
    ['GIF', () => GIF, 'gif', 'image/gif'],
    ['JPEG', () => JPEG, 'jpg', 'image/jpeg'],
    ['WebP', () => WEBP, 'webp', 'image/webp'],
  ])('accepts %s and replaces the previous file', async (_name, bytes, extension, type) => {
    const response = await upload(bytes(), `pic.${extension}`, 'application/octet-stream');
    expect(response.status).toBe(200);
    expect(response.body.profile_image?.endsWith(`.${extension}`)).toBe(true);
    const served = await fetch(`${server.url}${response.body.profile_image}`);
    expect(served.headers.get('content-type')).toBe(type);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('keeps no EXIF metadata and at most 1024 px on a side', async () => {
    const photo = await jpegWithExif(2400, 1200, '#3a6');
    const response = await upload(photo, 'me.jpg', 'image/jpeg');
    expect(response.status, response.text).toBe(200);
    const served = Buffer.from(
      await (await fetch(`${server.url}${response.body.profile_image}`)).arrayBuffer(),
    );
    const metadata = await metadataWithoutExif(served);
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1024, height: 512 });
  });

  it('rejects a file that only carries an image signature', async () => {
    const fake = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const response = await upload(fake, 'fake.jpg', 'image/jpeg');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      profile_image: [
        'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
      ],
    });
  });

  it('rejects an HTML file named .png and declared image/png', async () => {
    const before = await client.get<CurrentUser>('/accounts/me/', { token });
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const response = await upload(html, 'avatar.png', 'image/png');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      profile_image: [
        'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
      ],
    });
    const after = await client.get<CurrentUser>('/accounts/me/', { token });
    expect(after.body.profile_image).toBe(before.body.profile_image);
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses a file over 5 MiB with 413 and stores nothing', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(big, 'big.png', 'image/png');
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ detail: 'The profile image must not be larger than 5 MiB.' });
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses a request without the profile_image file', async () => {
    const wrongField = await upload(PNG, 'a.png', 'image/png', 'avatar');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ profile_image: ['No file was submitted.'] });

    const json = await client.patch(
      '/accounts/update-profile-image/',
      { profile_image: 'x' },
      { token },
    );
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ profile_image: ['No file was submitted.'] });

    const empty = await upload(new Uint8Array(), 'a.png', 'image/png');
    expect(empty.status).toBe(400);
  });
});

describe('GET /media/…', () => {
  it('answers 404 {detail} for unknown files and for path tricks', async () => {
    for (const path of [
      '/media/profile-images/AAAAAAAAAAAAAAAAAAAAAAAA.png',
      '/media/profile-images/..%2F..%2Fjwt-secret',
      '/media/../jwt-secret',
      '/media/other/AAAAAAAAAAAAAAAAAAAAAAAA.png',
    ]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
