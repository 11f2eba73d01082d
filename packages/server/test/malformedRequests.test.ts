import { Writable } from 'node:stream';
import {
  ACCOUNT_PATHS,
  CHAT_PATHS,
  MEDIA_PATHS,
  POST_PATHS,
  privateRoomName,
} from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatClient, type ChatUser, createChatUser } from './support/chatClients.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** Every line the server logged, parsed (pino JSON). */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) {
      if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  },
});

let server: TestServer;
let ana: ChatUser;
let ben: ChatUser;

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'debug', stream: logStream } });
  ana = await createChatUser(server);
  ben = await createChatUser(server);
});
afterAll(() => server?.close());

const MULTIPART_ENDPOINTS: [string, string][] = [
  ['POST', MEDIA_PATHS.uploadFile],
  ['POST', MEDIA_PATHS.uploadVoice],
  ['POST', CHAT_PATHS.createGroup],
  ['POST', POST_PATHS.create],
  ['PATCH', ACCOUNT_PATHS.updateProfileImage],
];

const UNCLOSED = [
  '--xyz',
  'Content-Disposition: form-data; name="sender_id"',
  '',
  '1',
  '--xyz',
  'Content-Disposition: form-data; name="file"; filename="a.png"',
  'Content-Type: image/png',
  '',
  'not the end',
].join('\r\n');

const MALFORMED: [string, string, string][] = [
  ['no closing boundary', 'multipart/form-data; boundary=xyz', UNCLOSED],
  ['no boundary parameter', 'multipart/form-data', UNCLOSED],
  [
    'a boundary longer than busboy takes',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
    UNCLOSED,
  ],
];

/** Bodies that parse as an empty or odd form: the route's own field errors answer them. */
const ODD: [string, string, string][] = [
  ['a JSON body labelled multipart', 'multipart/form-data; boundary=xyz', '{"name":"x"}'],
  [
    'a broken part header',
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nno colon here\r\n\r\nx\r\n--xyz--\r\n',
  ],
  ['a non-multipart content type', 'application/json', '{"name":"x"}'],
];

function errorLogs(): Record<string, unknown>[] {
  return logLines.filter((line) => typeof line.level === 'number' && line.level >= 50);
}

describe('malformed multipart → 400 {detail} on every multipart endpoint, nothing logged as an error', () => {
  for (const [method, path] of MULTIPART_ENDPOINTS) {
    it.each(MALFORMED)(`${method} ${path}: %s`, async (_label, type, body) => {
      const before = errorLogs().length;
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${ana.token}`, 'content-type': type },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ detail: expect.any(String) });
      expect(errorLogs().slice(before)).toEqual([]);
    });

    it.each(ODD)(
      `${method} ${path}: %s → 400/415 in the API's error shape`,
      async (_l, type, body) => {
        const before = errorLogs().length;
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${ana.token}`, 'content-type': type },
          body,
        });
        expect([400, 415]).toContain(response.status);
        const answer = (await response.json()) as Record<string, unknown>;
        // {detail} or field errors ({field: [messages]}).
        for (const value of Object.values(answer)) {
          expect(typeof value === 'string' || Array.isArray(value)).toBe(true);
        }
        expect(errorLogs().slice(before)).toEqual([]);
      },
    );
  }

  it('a multipart field or file name with a NUL is refused before the route', async () => {
    const form = new FormData();
    form.append('sender_id', String(ana.id));
    form.append('receiver_id', String(ben.id));
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'a\u0001b.png');
    const response = await fetch(`${server.url}${MEDIA_PATHS.uploadFile}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana.token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    const named = new FormData();
    named.append('name', 'group\u0000');
    named.append('user_ids', String(ben.id));
    const group = await fetch(`${server.url}${CHAT_PATHS.createGroup}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana.token}` },
      body: named,
    });
    expect(group.status).toBe(400);
    expect(await group.json()).toEqual({ name: ['Null characters are not allowed.'] });
  });
});

describe('framework errors are answered {detail}', () => {
  it.each([
    ['GET', '/accounts/%zz/', undefined, 400, undefined],
    ['PATCH', ACCOUNT_PATHS.updateProfileInfo, 'text/plain', 415, 'x'],
    ['PATCH', ACCOUNT_PATHS.updateProfileInfo, 'application/json', 400, '{"profile_info":'],
    ['PATCH', ACCOUNT_PATHS.updateProfileInfo, 'application/json', 400, '[1'],
    ['PATCH', ACCOUNT_PATHS.updateProfileInfo, 'application/x-www-form-urlencoded', 415, 'a=b'],
    [
      'PATCH',
      ACCOUNT_PATHS.updateProfileInfo,
      'application/json',
      413,
      `{"x":"${'a'.repeat(70 * 1024)}"}`,
    ],
    ['POST', '/accounts/nowhere/', 'application/json', 404, '{}'],
    ['DELETE', ACCOUNT_PATHS.csrf, undefined, 404, undefined],
  ])('%s %s (%s) → %s', async (method, path, type, status, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ana.token}`, ...(type ? { 'content-type': type } : {}) },
      body,
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  it('a request line Node cannot parse → 400 {detail}', async () => {
    const { connect } = await import('node:net');
    const url = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let text = '';
      socket.on('data', (data) => {
        text += String(data);
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write('GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"detail":"Malformed request."}');
  });
});

describe('logs: no message text or SQL at error level for a client mistake', () => {
  it('a socket frame with NUL logs nothing at error level and never the text', async () => {
    const before = errorLogs().length;
    const client = await ChatClient.open(server, ana);
    const room = privateRoomName(ana.id, ben.id);
    client.send({
      type: 'chat_message',
      message: 'secret words\u0000',
      sender_id: ana.id,
      room_name: room,
    });
    expect(await client.next('error')).toMatchObject({ code: 'invalid_frame' });
    client.close();
    expect(errorLogs().slice(before)).toEqual([]);
    expect(JSON.stringify(logLines)).not.toContain('secret words');
  });

  it('a 4xx is logged without a stack', async () => {
    await fetch(`${server.url}${ACCOUNT_PATHS.updateProfileInfo}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
      body: '{"username": "oops',
    });
    const clientErrors = logLines.filter((line) => line.msg === 'client error');
    expect(clientErrors.length).toBeGreaterThan(0);
    expect(JSON.stringify(clientErrors)).not.toMatch(/\bat \S+ \(|"stack"/);
  });
});
