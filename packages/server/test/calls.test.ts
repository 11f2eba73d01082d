import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CALL_PATHS,
  type CallSignal,
  type Capabilities,
  DEFAULT_ICE_SERVERS,
  type IceServersResponse,
  META_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALL_RATE_LIMITS } from '../src/calls/callRegistry.js';
import { callSettingsFromEnv } from '../src/calls/callSettings.js';
import type { CallTranscriber } from '../src/calls/callTranscriber.js';
import { callTranscriberFrom } from '../src/calls/callTranscriber.js';
import { pcmFromWav, wavFromPcm } from '../src/calls/wavPcm.js';
import { CALL_FRAME_MESSAGES } from '../src/chat/frames/calls.js';
import { mediaEnginesFromEnv } from '../src/media/speech/speechFromEnv.js';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { connectUsers } from './support/connections.js';
import { engineAvailable } from './support/engines.js';
import { startTestServer, type TestServer } from './support/testServer.js';

const heard: { language: string; bytes: number }[] = [];
/** Hears "hello from the call" in English only, like an English-only engine. */
const stubTranscriber: CallTranscriber = {
  engine: 'stub',
  languages: () => ['en'],
  async transcribe(wav, language) {
    heard.push({ language, bytes: wav.length });
    return 'hello from the call';
  },
};

let server: TestServer;
let ana: ChatUser; // English
let ben: ChatUser; // Spanish, connected to ana
let cleo: ChatUser; // a stranger to both
let dan: ChatUser; // shares a conversation with ana, no connection
let eve: ChatUser; // English, connected to fay: the captions calls
let fay: ChatUser; // Spanish
const open: ChatClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    callTranscriber: stubTranscriber,
    calls: {
      enabled: true,
      iceServers: [{ urls: 'stun:stun.example.org:3478' }, { urls: 'turn:turn.example.org:3478' }],
      turnSecret: 'turn-shared-secret',
      turnTtlSeconds: 600,
      iceTransportPolicy: 'relay',
    },
  });
  ana = await createChatUser(server, { language: 'English' });
  ben = await createChatUser(server, { language: 'Spanish' });
  cleo = await createChatUser(server, { language: 'English' });
  dan = await createChatUser(server, { language: 'English' });
  await connectUsers(server, ana, ben);
  eve = await createChatUser(server, { language: 'English' });
  fay = await createChatUser(server, { language: 'Spanish' });
  await connectUsers(server, eve, fay);
  await server.pglite.query(
    `insert into messages (room, sender_id, message, original_message) values ($1, $2, 'hi', 'hi')`,
    [privateRoomName(ana.id, dan.id), dan.id],
  );
});
afterEach(() => {
  for (const client of open.splice(0)) client.close();
});
afterAll(() => server?.close());

async function connect(user: ChatUser): Promise<ChatClient> {
  const client = await ChatClient.open(server, user);
  open.push(client);
  return client;
}

function signal(from: ChatUser | number, to: ChatUser, s: CallSignal, callType = 'audio') {
  return {
    type: 'call_signal',
    from: typeof from === 'number' ? from : from.id,
    to: to.id,
    call_type: callType,
    signal: s,
    user_objects: [{ id: typeof from === 'number' ? from : from.id }, { id: to.id }],
  };
}

const offer: CallSignal = { type: 'offer', sdp: 'v=0 offer' };
const answer: CallSignal = { type: 'answer', sdp: 'v=0 answer' };

/** Nothing of `type` reached the client: a ping round trip proves the server had its turn. */
async function expectNothing(client: ChatClient, type: string): Promise<void> {
  await client.ping();
  expect(client.frames.filter((f) => f.type === type)).toEqual([]);
}

describe('call_signal relay (spec §7 shape, Parley authorization)', () => {
  it('relays offer, answer and ice-candidate between connected people, with the real caller name', async () => {
    const a = await connect(ana);
    const b = await connect(ben);
    a.send(signal(ana, ben, offer));
    const got = await b.next('call_signal');
    expect(got).toMatchObject({
      type: 'call_signal',
      from: ana.id,
      to: ben.id,
      call_type: 'audio',
      signal: offer,
      user_objects: [{ id: ana.id, username: ana.username }],
    });
    b.send(signal(ben, ana, answer));
    expect((await a.next('call_signal')).signal).toEqual(answer);
    const candidate: CallSignal = {
      type: 'ice-candidate',
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    a.send(signal(ana, ben, candidate));
    expect((await b.next('call_signal')).signal).toEqual(candidate);
    a.send(signal(ana, ben, { type: 'hangup', reason: 'ended' }));
    await b.next('call_signal', (f) => f.signal.type === 'hangup');
  });

  it('relays between people who share a conversation without a connection', async () => {
    const a = await connect(ana);
    const d = await connect(dan);
    d.send(signal(dan, ana, offer, 'video'));
    expect(await a.next('call_signal')).toMatchObject({ from: dan.id, call_type: 'video' });
    d.send(signal(dan, ana, { type: 'hangup', reason: 'cancelled' }));
    await a.next('call_signal', (f) => f.signal.type === 'hangup');
  });

  it('refuses to ring a stranger: not_a_member, and the stranger hears nothing', async () => {
    const c = await connect(cleo);
    const a = await connect(ana);
    c.send(signal(cleo, ana, offer));
    expect(await c.next('error')).toMatchObject({
      code: 'not_a_member',
      detail: CALL_FRAME_MESSAGES.notAllowed,
    });
    await expectNothing(a, 'call_signal');
  });

  it('refuses a spoofed from: nobody injects signals into someone else’s call', async () => {
    const c = await connect(cleo);
    const b = await connect(ben);
    // Cleo pretends to be Ana, who is connected to Ben.
    c.send(signal(ana.id, ben, offer));
    expect(await c.next('error')).toMatchObject({
      code: 'invalid_frame',
      detail: CALL_FRAME_MESSAGES.notFrom,
    });
    await expectNothing(b, 'call_signal');
  });

  it('a third party cannot signal into a call between two others', async () => {
    const a = await connect(ana);
    const b = await connect(ben);
    const c = await connect(cleo);
    a.send(signal(ana, ben, offer));
    await b.next('call_signal');
    // Cleo, a stranger to Ben, sends a candidate and a hangup "in" the call.
    c.send(signal(cleo, ben, { type: 'ice-candidate', candidate: 'candidate:evil' }));
    expect(await c.next('error')).toMatchObject({ code: 'not_a_member' });
    c.send(signal(cleo, ben, { type: 'hangup', reason: 'ended' }));
    expect(await c.next('error')).toMatchObject({ code: 'not_a_member' });
    await expectNothing(b, 'call_signal');
    a.send(signal(ana, ben, { type: 'hangup', reason: 'cancelled' }));
    await b.next('call_signal');
  });

  it('refuses malformed signals and calls to oneself', async () => {
    const a = await connect(ana);
    a.send({ ...signal(ana, ben, offer), call_type: 'hologram' });
    expect(await a.next('error')).toMatchObject({ code: 'invalid_frame' });
    a.send({ ...signal(ana, ben, offer), signal: { type: 'rickroll' } });
    expect(await a.next('error')).toMatchObject({ code: 'invalid_frame' });
    a.send(signal(ana, ana, offer));
    expect(await a.next('error')).toMatchObject({
      code: 'invalid_frame',
      detail: CALL_FRAME_MESSAGES.notSelf,
    });
  });

  it(`rate limits new calls: at most ${CALL_RATE_LIMITS.offersPerMinute} offers a minute`, async () => {
    const limited = await createChatUser(server, { language: 'English' });
    await connectUsers(server, limited, cleo);
    const l = await connect(limited);
    const c = await connect(cleo);
    for (let i = 0; i < CALL_RATE_LIMITS.offersPerMinute; i++) {
      l.send(signal(limited, cleo, offer));
      await c.next('call_signal');
    }
    l.send(signal(limited, cleo, offer));
    expect(await l.next('error')).toMatchObject({ code: 'rate_limited' });
    await expectNothing(c, 'call_signal');
  });
});

describe('the conversation records each call for both people', () => {
  it('start on answer, end with its duration on hangup', async () => {
    const a = await connect(ana);
    const b = await connect(ben);
    a.send(signal(ana, ben, offer, 'video'));
    await b.next('call_signal');
    b.send(signal(ben, ana, answer, 'video'));
    for (const client of [a, b]) {
      const started = await client.next('chat_message', (m) => m.call_event?.event === 'started');
      expect(started).toMatchObject({
        sender_id: ana.id,
        call_event: { event: 'started', call_type: 'video' },
      });
    }
    b.send(signal(ben, ana, { type: 'hangup', reason: 'ended' }, 'video'));
    for (const client of [a, b]) {
      const ended = await client.next('chat_message', (m) => m.call_event?.event === 'ended');
      expect(ended.call_event).toMatchObject({
        event: 'ended',
        call_type: 'video',
        reason: 'ended',
        duration_seconds: expect.any(Number),
      });
    }
    const history = await a.join(privateRoomName(ana.id, ben.id));
    expect(history.message.filter((m) => m.call_event).length).toBeGreaterThanOrEqual(2);
  });

  it('an unanswered call is recorded as missed', async () => {
    const a = await connect(ana);
    const b = await connect(ben);
    a.send(signal(ana, ben, offer));
    await b.next('call_signal');
    b.send(signal(ben, ana, { type: 'hangup', reason: 'missed' }));
    const missed = await a.next('chat_message', (m) => m.call_event?.event === 'ended');
    expect(missed.call_event).toEqual({ event: 'ended', call_type: 'audio', reason: 'missed' });
  });
});

/** Eve calls Fay and Fay answers: a connected call, as captions need. */
async function connectedCall(a: ChatClient, b: ChatClient): Promise<void> {
  a.send(signal(eve, fay, offer));
  await b.next('call_signal', (f) => f.signal.type === 'offer');
  b.send(signal(fay, eve, answer));
  await a.next('call_signal', (f) => f.signal.type === 'answer');
}

async function hangUp(a: ChatClient): Promise<void> {
  a.send(signal(eve, fay, { type: 'hangup', reason: 'ended' }));
  await a.ping();
}

describe('live captions', () => {
  function tone(seconds: number): Buffer {
    const pcm = Buffer.alloc(16_000 * 2 * seconds);
    for (let i = 0; i < pcm.length / 2; i++) {
      pcm.writeInt16LE(Math.round(Math.sin(i / 8) * 8000), i * 2);
    }
    return wavFromPcm(pcm);
  }

  it('call_audio is transcribed by the server and each side gets it in its language', async () => {
    const a = await connect(eve);
    const b = await connect(fay);
    await connectedCall(a, b);
    heard.length = 0;
    a.send({
      type: 'call_audio',
      from: eve.id,
      to: fay.id,
      mime_type: 'audio/wav',
      audio: tone(1).toString('base64'),
    });
    a.send({
      type: 'call_audio',
      from: eve.id,
      to: fay.id,
      mime_type: 'audio/wav',
      audio: tone(1).toString('base64'),
      final: true,
    });
    const own = await a.next('live_transcript');
    expect(own).toMatchObject({ from: eve.id, transcript: 'hello from the call' });
    const theirs = await b.next('live_transcript');
    // No translator in this test server: the listener gets the words as said, marked.
    expect(theirs).toMatchObject({
      from: eve.id,
      transcript: 'hello from the call',
      original_language: 'en',
      translation_failed: true,
      user_objects: [{ id: eve.id, username: eve.username }],
    });
    // Both chunks went to the engine as one utterance.
    expect(heard).toEqual([{ language: 'en', bytes: 44 + 2 * 16_000 * 2 }]);
    await hangUp(a);
  });

  it('refuses captions outside a connected call', async () => {
    const a = await connect(eve);
    a.send({
      type: 'call_audio',
      from: eve.id,
      to: fay.id,
      mime_type: 'audio/wav',
      audio: tone(1).toString('base64'),
      final: true,
    });
    expect(await a.next('error')).toMatchObject({ code: 'no_call' });
    a.send({
      type: 'live_transcript',
      from: eve.id,
      to: fay.id,
      transcript: 'hi',
      user_objects: [],
    });
    expect(await a.next('error')).toMatchObject({ code: 'no_call' });
  });

  it('says so honestly when the speaker’s language cannot be transcribed here', async () => {
    const a = await connect(eve);
    const b = await connect(fay);
    await connectedCall(a, b);
    b.send({
      type: 'call_audio',
      from: fay.id,
      to: eve.id,
      mime_type: 'audio/wav',
      audio: tone(1).toString('base64'),
      final: true,
    });
    for (const client of [a, b]) {
      expect(await client.next('live_transcript')).toMatchObject({
        from: fay.id,
        transcript: '',
        unavailable: true,
        original_language: 'es',
      });
    }
    await hangUp(a);
  });

  it('refuses caption audio for a stranger, or audio that is not 16 kHz WAV', async () => {
    const c = await connect(cleo);
    c.send({
      type: 'call_audio',
      from: cleo.id,
      to: eve.id,
      mime_type: 'audio/wav',
      audio: tone(1).toString('base64'),
      final: true,
    });
    expect(await c.next('error')).toMatchObject({ code: 'not_a_member' });
    const a = await connect(eve);
    const b = await connect(fay);
    await connectedCall(a, b);
    a.send({
      type: 'call_audio',
      from: eve.id,
      to: fay.id,
      mime_type: 'audio/wav',
      audio: Buffer.from('RIFF not really a wav file at all.......................').toString(
        'base64',
      ),
    });
    expect(await a.next('error')).toMatchObject({
      code: 'invalid_frame',
      detail: CALL_FRAME_MESSAGES.badAudio,
    });
    await hangUp(a);
  });
});

describe('ICE servers and the deployment switch', () => {
  it('GET /calls/ice-servers/ needs a signed-in user', async () => {
    const response = await server.client().request('GET', CALL_PATHS.iceServers);
    expect(response.status).toBe(401);
  });

  it('gives time-limited TURN credentials (HMAC-SHA1 of expiry:userId)', async () => {
    const response = await server
      .client()
      .request<IceServersResponse>('GET', CALL_PATHS.iceServers, undefined, { token: ana.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const [stun, turn] = response.body.ice_servers;
    expect(stun).toEqual({ urls: 'stun:stun.example.org:3478' });
    const [expiry, user] = String(turn?.username).split(':');
    expect(Number(user)).toBe(ana.id);
    expect(Number(expiry) * 1000).toBe(Date.parse(String(response.body.expires_at)));
    expect(Number(expiry) * 1000).toBeGreaterThan(Date.now());
    expect(turn?.credential).toBe(
      createHmac('sha1', 'turn-shared-secret').update(String(turn?.username)).digest('base64'),
    );
  });

  it('says when every call goes through the relay (ICE_TRANSPORT_POLICY=relay)', async () => {
    const response = await server
      .client()
      .request<IceServersResponse>('GET', CALL_PATHS.iceServers, undefined, { token: ana.token });
    expect(response.body.ice_transport_policy).toBe('relay');
  });

  it('reads ICE_TRANSPORT_POLICY and refuses a relay policy without a TURN server', () => {
    expect(callSettingsFromEnv({}).iceTransportPolicy).toBe('all');
    const turn = JSON.stringify([{ urls: 'turn:turn.example.org:3478' }]);
    expect(
      callSettingsFromEnv({ ICE_SERVERS: turn, ICE_TRANSPORT_POLICY: 'relay' }).iceTransportPolicy,
    ).toBe('relay');
    expect(() => callSettingsFromEnv({ ICE_TRANSPORT_POLICY: 'relay' })).toThrow(
      /needs a TURN server/,
    );
    expect(() =>
      callSettingsFromEnv({ ICE_SERVERS: turn, ICE_TRANSPORT_POLICY: 'direct' }),
    ).toThrow(/must be 'all' or 'relay'/);
  });

  it('capabilities say calls are on and which languages get captions', async () => {
    const response = await server.client().request<Capabilities>('GET', META_PATHS.capabilities);
    expect(response.body.calls).toEqual({ enabled: true, caption_languages: ['en'] });
  });

  it('switched off: capabilities say so, ICE servers 404, call frames refused', async () => {
    const off = await startTestServer({
      calls: {
        enabled: false,
        iceServers: [...DEFAULT_ICE_SERVERS],
        turnSecret: null,
        turnTtlSeconds: 60,
        iceTransportPolicy: 'all',
      },
    });
    try {
      const caps = await off.client().request<Capabilities>('GET', META_PATHS.capabilities);
      expect(caps.body.calls).toMatchObject({ enabled: false });
      const x = await createChatUser(off);
      const y = await createChatUser(off);
      await connectUsers(off, x, y);
      const ice = await off
        .client()
        .request('GET', CALL_PATHS.iceServers, undefined, { token: x.token });
      expect(ice.status).toBe(404);
      const client = await ChatClient.open(off, x);
      client.send(signal(x.id, y, offer));
      expect(await client.next('error')).toMatchObject({ code: 'calls_disabled' });
      client.close();
    } finally {
      await off.close();
    }
  });
});

const haveSphinx = engineAvailable(
  'pocketsphinx and flite',
  existsSync('/usr/bin/pocketsphinx_continuous') &&
    existsSync('/usr/share/pocketsphinx/model/en-us/en-us') &&
    existsSync('/usr/bin/flite') &&
    existsSync('/usr/bin/ffmpeg'),
  'install pocketsphinx, pocketsphinx-en-us, flite and ffmpeg (scripts/install-engines.sh).',
);

describe.skipIf(!haveSphinx)('pocketsphinx transcribes call audio', () => {
  it('hears the words of a flite-spoken 16 kHz WAV', { timeout: 60_000 }, async () => {
    const dir = tmpdir();
    const raw = join(dir, `parley-call-${process.pid}.wav`);
    const wav16 = join(dir, `parley-call-${process.pid}-16k.wav`);
    execFileSync('flite', ['-t', 'hello how are you today', '-o', raw]);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-i',
      raw,
      '-ar',
      '16000',
      '-ac',
      '1',
      wav16,
    ]);
    const pcm = pcmFromWav(await readFile(wav16));
    expect(pcm).not.toBeNull();
    const text = await callTranscriberFrom(
      {},
      mediaEnginesFromEnv({ PATH: process.env.PATH }).transcriber,
    ).transcribe(wavFromPcm(pcm as Buffer), 'en');
    expect(text.toLowerCase()).toContain('today');
  });
});
