import {
  type Category,
  type PagedList,
  type Post,
  type Profile,
  profilePostsPath,
} from '@parley/chat-sdk';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { apertiumAvailable, ffmpegAvailable } from './support/engines.js';
import type { HttpClient } from './support/httpClient.js';
import { audioOnlyMp4, ffmpegVideo, jpegWithExif, metadataWithoutExif } from './support/media.js';
import { SwitchableTranslator } from './support/switchableTranslator.js';
import { startTestServer, TEST_LIMITS, type TestServer } from './support/testServer.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The opening of an MP4 file: a 'ftyp' box of brand isom, then filler. Only a server without a
// decoder takes it for a video.
const MP4_SIGNATURE_ONLY = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\0\x01isomavc1', 'latin1'),
  Buffer.alloc(4000, 7),
]);
/** A real one-second MP4 where ffmpeg is installed (the server then decodes videos it is given). */
let MP4: Uint8Array<ArrayBuffer> = MP4_SIGNATURE_ONLY;

function postForm(fields: {
  content_type?: string;
  caption?: string;
  categories?: (number | string)[];
  file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string };
}) {
  const form = new FormData();
  if (fields.content_type !== undefined) form.append('content_type', fields.content_type);
  if (fields.caption !== undefined) form.append('caption', fields.caption);
  for (const c of fields.categories ?? []) form.append('categories', String(c));
  if (fields.file) {
    form.append(
      'file',
      new Blob([fields.file.bytes], { type: fields.file.type }),
      fields.file.name,
    );
  }
  return form;
}

describe('posts (engine-free)', () => {
  let server: TestServer;
  let http: HttpClient;
  let ana: ChatUser;
  let ben: ChatUser;
  let stranger: ChatUser;
  let categories: Category[];

  beforeAll(async () => {
    if (ffmpegAvailable()) MP4 = new Uint8Array(await ffmpegVideo());
    // Many posts per author here (feeds, paging): the post limit is raised, not removed.
    server = await startTestServer({ limits: { ...TEST_LIMITS, postsPer10Minutes: 1_000 } });
    http = server.client();
    ana = await createChatUser(server, { language: 'English' });
    ben = await createChatUser(server, { language: 'English' });
    stranger = await createChatUser(server, { language: 'English' });
    await connectUsers(server, ana, ben);
    categories = (await http.get<Category[]>('/posts/categories/', { token: ana.token })).body;
  });
  afterAll(() => server?.close());

  const create = (user: ChatUser, form: FormData) =>
    http.post<Post>('/posts/create/', form, { token: user.token });

  it('serves the seeded categories', () => {
    expect(categories.length).toBeGreaterThanOrEqual(5);
    expect(categories[0]).toEqual({ id: expect.any(Number), name: 'Travel' });
  });

  it('creates text, image and video posts, the type decided by the bytes', async () => {
    const text = await create(
      ana,
      postForm({
        content_type: 'text',
        caption: 'Hello world',
        categories: [categories[0]?.id ?? 0],
      }),
    );
    expect(text.status, text.text).toBe(201);
    expect(text.body).toMatchObject({
      id: expect.any(Number),
      content_type: 'text',
      content_url: null,
      caption: 'Hello world',
      categories: [categories[0]?.id],
    });

    const image = await create(
      ana,
      postForm({
        content_type: 'image',
        caption: 'A pixel',
        categories: [categories[1]?.id ?? 0, categories[0]?.id ?? 0],
        file: { bytes: PNG, name: 'pixel.png', type: 'image/png' },
      }),
    );
    expect(image.status, image.text).toBe(201);
    expect(image.body.content_type).toBe('image');
    expect(image.body.content_url).toMatch(/^\/posts\/media\/[\w-]+\.png$/);
    expect([...image.body.categories].sort()).toEqual(
      [categories[0]?.id, categories[1]?.id].sort(),
    );
    const served = await fetch(`${server.url}${image.body.content_url}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    // Re-encoded, so not the same bytes; the same picture.
    const pixels = await sharp(Buffer.from(await served.arrayBuffer()))
      .raw()
      .toBuffer();
    expect(pixels).toEqual(await sharp(PNG).raw().toBuffer());

    // Named and declared as an image, but the bytes are a video: it is a video post.
    const lying = await create(
      ana,
      postForm({
        content_type: 'image',
        caption: 'Really a clip',
        categories: [categories[2]?.id ?? 0],
        file: { bytes: MP4, name: 'photo.jpg', type: 'image/jpeg' },
      }),
    );
    expect(lying.status, lying.text).toBe(201);
    expect(lying.body.content_type).toBe('video');
    expect(lying.body.content_url).toMatch(/\.mp4$/);
  });

  it.skipIf(!ffmpegAvailable())(
    'refuses a file that only opens like a video: its first frame must decode',
    async () => {
      const fake = await create(
        ana,
        postForm({
          content_type: 'video',
          categories: [categories[0]?.id ?? 0],
          file: { bytes: MP4_SIGNATURE_ONLY, name: 'clip.mp4', type: 'video/mp4' },
        }),
      );
      expect(fake.status).toBe(400);
      expect(fake.body).toEqual({
        file: ['Upload a valid image (PNG, JPEG, GIF, WebP) or video (MP4, MOV, WebM).'],
      });
      // An audio-only MP4 is not a video either.
      const noVideo = await create(
        ana,
        postForm({
          content_type: 'video',
          categories: [categories[0]?.id ?? 0],
          file: {
            bytes: new Uint8Array(await audioOnlyMp4()),
            name: 'song.mp4',
            type: 'video/mp4',
          },
        }),
      );
      expect(noVideo.status).toBe(400);
    },
  );

  it('serves video with HTTP ranges so it seeks', async () => {
    const video = await create(
      ana,
      postForm({
        content_type: 'video',
        categories: [categories[0]?.id ?? 0],
        file: { bytes: MP4, name: 'clip.mp4', type: 'video/mp4' },
      }),
    );
    const url = `${server.url}${video.body.content_url}`;
    const whole = await fetch(url);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${MP4.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(MP4.subarray(100, 200));
    const outside = await fetch(url, { headers: { range: `bytes=${MP4.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect((await fetch(`${server.url}/posts/media/..%2Fsecret.mp4`)).status).toBe(404);
    expect((await fetch(`${server.url}/posts/media/abcdefghijklmnopqrstuvwx.mp4`)).status).toBe(
      404,
    );
  });

  it.each([
    [
      'no category',
      { content_type: 'text', caption: 'x' },
      { categories: ['Please select at least one category.'] },
    ],
    [
      'an image post without a file',
      { content_type: 'image', caption: 'x', categories: [1] },
      { file: ['Please upload a file for image or video posts.'] },
    ],
    [
      'a video post without a file',
      { content_type: 'video', categories: [1] },
      { file: ['Please upload a file for image or video posts.'] },
    ],
    [
      'a file that is neither image nor video, whatever its name',
      {
        content_type: 'image',
        categories: [1],
        file: { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png', type: 'image/png' },
      },
      { file: ['Upload a valid image (PNG, JPEG, GIF, WebP) or video (MP4, MOV, WebM).'] },
    ],
    [
      'a file that only carries an image signature',
      {
        content_type: 'image',
        categories: [1],
        file: {
          bytes: Buffer.concat([PNG.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]),
          name: 'x.png',
          type: 'image/png',
        },
      },
      { file: ['Upload a valid image (PNG, JPEG, GIF, WebP) or video (MP4, MOV, WebM).'] },
    ],
    [
      'an unknown category',
      { content_type: 'text', caption: 'x', categories: [999_999] },
      { categories: ['Invalid pk "999999" - object does not exist.'] },
    ],
    [
      'an unknown type',
      { content_type: 'audio', caption: 'x', categories: [1] },
      { content_type: ['"audio" is not a valid choice.'] },
    ],
  ])('refuses %s', async (_label, fields, body) => {
    const answer = await create(ana, postForm(fields));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(body);
  });

  it('publishes a photo without its EXIF metadata (GPS and the like)', async () => {
    const photo = await jpegWithExif(24, 16, '#2255aa');
    const answer = await create(
      ana,
      postForm({
        content_type: 'image',
        categories: [1],
        file: { bytes: new Uint8Array(photo), name: 'beach.jpg', type: 'image/jpeg' },
      }),
    );
    expect(answer.status, answer.text).toBe(201);
    const served = Buffer.from(
      await (await fetch(`${server.url}${answer.body.content_url}`)).arrayBuffer(),
    );
    const metadata = await metadataWithoutExif(served);
    expect(metadata).toMatchObject({ format: 'jpeg', width: 24, height: 16 });
  });

  it('refuses oversized files with 413 and stores nothing', async () => {
    const before = await server.pglite.query('select count(*)::int as n from posts');
    const bigImage = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const image = await create(
      ana,
      postForm({
        content_type: 'image',
        categories: [1],
        file: { bytes: bigImage, name: 'big.png', type: 'image/png' },
      }),
    );
    expect(image.status).toBe(413);
    expect(image.body).toEqual({ detail: 'Images must not be larger than 10 MiB.' });
    const bigVideo = Buffer.concat([MP4_SIGNATURE_ONLY, Buffer.alloc(50 * 1024 * 1024)]);
    const video = await create(
      ana,
      postForm({
        content_type: 'video',
        categories: [1],
        file: { bytes: bigVideo, name: 'big.mp4', type: 'video/mp4' },
      }),
    );
    expect(video.status).toBe(413);
    const after = await server.pglite.query('select count(*)::int as n from posts');
    expect(after.rows).toEqual(before.rows);
  });

  it('feeds my posts and my connections’, newest first, paged by 20, filtered by category', async () => {
    const reader = await createChatUser(server, { language: 'English' });
    const friend = await createChatUser(server, { language: 'English' });
    await connectUsers(server, friend, reader);
    for (let i = 0; i < 22; i += 1) {
      const author = i % 2 === 0 ? friend : reader;
      const category = i < 5 ? categories[3]?.id : categories[4]?.id;
      await create(
        author,
        postForm({ content_type: 'text', caption: `post ${i}`, categories: [category ?? 0] }),
      );
    }
    await create(
      stranger,
      postForm({ content_type: 'text', caption: 'not for you', categories: [1] }),
    );
    const first = await http.get<PagedList<Post>>('/posts/feed/', { token: reader.token });
    expect(first.body.count).toBe(22);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.results[0]).toMatchObject({ caption: 'post 21', author: { id: reader.id } });
    expect(first.body.next).toBe('/posts/feed/?page=2');
    const second = await http.get<PagedList<Post>>(first.body.next as string, {
      token: reader.token,
    });
    expect(second.body.results.map((p) => p.caption)).toEqual(['post 1', 'post 0']);
    const filtered = await http.get<PagedList<Post>>(`/posts/feed/?category=${categories[3]?.id}`, {
      token: reader.token,
    });
    expect(filtered.body.count).toBe(5);
  });

  it('shows a profile with the spec’s fields and posts newest first', async () => {
    const owner = await createChatUser(server, { language: 'English' });
    const fan = await createChatUser(server, { language: 'English' });
    const idol = await createChatUser(server, { language: 'English' });
    await connectUsers(server, fan, owner);
    await connectUsers(server, owner, idol);
    await create(owner, postForm({ content_type: 'text', caption: 'first', categories: [1] }));
    await create(owner, postForm({ content_type: 'text', caption: 'second', categories: [1] }));
    const profile = await http.get<Profile>(`/accounts/profile/${owner.username.toUpperCase()}/`, {
      token: stranger.token,
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({
      id: owner.id,
      username: owner.username,
      profile_image: null,
      first_name: null,
      last_name: null,
      profile_info: '',
      post_count: 2,
      followers_count: 1,
      following_count: 1,
    });
    expect(profile.body.posts.map((p) => p.caption)).toEqual(['second', 'first']);
    expect((await http.get('/accounts/profile/nobody-at-all/', { token: ana.token })).status).toBe(
      404,
    );

    // Someone who blocked the reader shows them no posts.
    await http.post('/accounts/block/', { user_id: stranger.id }, { token: owner.token });
    const blocked = await http.get<Profile>(`/accounts/profile/${owner.username}/`, {
      token: stranger.token,
    });
    expect(blocked.body.posts).toEqual([]);
    expect(blocked.body.post_count).toBe(0);
  });

  it('pages a profile’s older posts after the newest 60, by cursor, without repeats or gaps', async () => {
    const prolific = await createChatUser(server, { language: 'English' });
    // 75 posts; the last 10 share one timestamp, so the id decides their order.
    await server.pglite.query(
      `insert into posts (author_id, content_type, caption, created_at)
       select $1, 'text', 'post ' || n,
              case when n > 65 then timestamptz '2026-01-01 12:00'
                   else timestamptz '2026-01-01' + n * interval '1 minute' end
       from generate_series(1, 75) as n`,
      [prolific.id],
    );
    const profile = await http.get<Profile>(`/accounts/profile/${prolific.username}/`, {
      token: stranger.token,
    });
    expect(profile.body.post_count).toBe(75);
    expect(profile.body.posts).toHaveLength(60);
    const seen = profile.body.posts.map((p) => p.caption);
    let next: string | null = profilePostsPath(
      prolific.username,
      profile.body.posts.at(-1)?.id ?? 0,
    );
    // A post made meanwhile does not shift the pages.
    await create(prolific, postForm({ content_type: 'text', caption: 'newest', categories: [1] }));
    let pages = 0;
    while (next) {
      const page: { status: number; body: PagedList<Post> } = await http.get<PagedList<Post>>(
        next,
        {
          token: stranger.token,
        },
      );
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(76);
      seen.push(...page.body.results.map((p) => p.caption));
      next = page.body.next;
      pages += 1;
    }
    expect(pages).toBe(1);
    const expected = Array.from({ length: 75 }, (_, i) => `post ${75 - i}`);
    expect(seen).toEqual(expected);

    // A bad or foreign cursor, a stranger blocked by the owner, an anonymous caller.
    const bad = await http.get(`/accounts/profile/${prolific.username}/posts/?before=x`, {
      token: stranger.token,
    });
    expect(bad.status).toBe(400);
    const foreign = await http.get(profilePostsPath(prolific.username, 1_999_999), {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    await http.post('/accounts/block/', { user_id: stranger.id }, { token: prolific.token });
    const hidden = await http.get<PagedList<Post>>(
      profilePostsPath(prolific.username, profile.body.posts.at(-1)?.id ?? 0),
      { token: stranger.token },
    );
    expect(hidden.body).toEqual({ results: [], next: null, count: 0 });
    const anonymous = await http.get(profilePostsPath(prolific.username, 1));
    expect(anonymous.status).toBe(401);
  });

  it('refuses anonymous callers on every call', async () => {
    for (const [method, path] of [
      ['GET', '/posts/categories/'],
      ['POST', '/posts/create/'],
      ['GET', '/posts/feed/'],
      ['GET', `/accounts/profile/${ana.username}/`],
    ] as const) {
      const answer = await http.request(method, path, method === 'POST' ? postForm({}) : undefined);
      expect(answer.status, path).toBe(401);
    }
  });
});

describe.skipIf(!apertiumAvailable())('captions in the reader’s language (real Apertium)', () => {
  let server: TestServer;
  let http: HttpClient;

  beforeAll(async () => {
    const translator = await SwitchableTranslator.apertium();
    await translator.inner.translate('Hola.', 'es', 'en');
    server = await startTestServer({ translator, translationTimeoutMs: 5_000 });
    http = server.client();
  }, 60_000);
  afterAll(() => server?.close());

  it('gives an English reader a Spanish caption in English, with the original', async () => {
    const eva = await createChatUser(server, { language: 'Spanish' });
    const ann = await createChatUser(server, { language: 'English' });
    await connectUsers(server, ann, eva);
    const created = await http.post<Post>(
      '/posts/create/',
      postForm({
        content_type: 'image',
        caption: 'Me gusta mucho la playa de mi ciudad.',
        categories: [1],
        file: { bytes: PNG, name: 'playa.png', type: 'image/png' },
      }),
      { token: eva.token },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      caption: 'Me gusta mucho la playa de mi ciudad.',
      translated: false,
    });

    const feed = await http.get<PagedList<Post>>('/posts/feed/', { token: ann.token });
    const post = feed.body.results[0];
    expect(post?.original_caption).toBe('Me gusta mucho la playa de mi ciudad.');
    expect(post?.original_language).toBe('es');
    expect(post?.translated).toBe(true);
    expect(post?.caption.toLowerCase()).toContain('beach');
    const profile = await http.get<Profile>(`/accounts/profile/${eva.username}/`, {
      token: ann.token,
    });
    expect(profile.body.posts[0]?.caption).toBe(post?.caption);
    const stored = await server.pglite.query('select language from post_caption_translations');
    expect(stored.rows).toEqual([{ language: 'en' }]);
  });
});
