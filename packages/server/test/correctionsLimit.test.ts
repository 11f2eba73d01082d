import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS_PER_MINUTE } from '../src/corrections/correctionRoutes.js';
import type { Corrector } from '../src/corrections/index.js';
import { type ChatUser, createChatUser } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

/** Answers at once: this file is about who shares the check budget, not about spelling. */
const instantCorrector: Corrector = {
  engine: 'nspell',
  languages: () => ['en'],
  check: async () => [],
  close: async () => undefined,
};

let server: TestServer;
let http: HttpClient;

beforeAll(async () => {
  server = await startTestServer({ corrector: instantCorrector });
  http = server.client();
});
afterAll(() => server?.close());

function check(user: ChatUser) {
  return http.post(
    '/corrections/check/',
    { text: 'helo', language: 'English' },
    {
      token: user.token,
    },
  );
}

describe('the corrections budget is per person, not per address', () => {
  it('one person over the limit gets 429 while another person behind the same address still checks', async () => {
    const busy = await createChatUser(server, { language: 'English' });
    const neighbour = await createChatUser(server, { language: 'English' });
    for (let i = 0; i < CHECKS_PER_MINUTE; i += 1) {
      expect((await check(busy)).status).toBe(200);
    }
    const refused = await check(busy);
    expect(refused.status).toBe(429);
    expect(refused.body).toHaveProperty('detail');
    // Both come from 127.0.0.1: a per-address limit would refuse the neighbour too.
    expect((await check(neighbour)).status).toBe(200);
  });
});
