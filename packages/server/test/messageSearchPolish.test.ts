import { CHAT_PATHS, type MessageSearchPage } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatUser } from './support/chatClients.js';
import { checkSearchPolish } from './support/searchPolishScenario.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Search polish on the embedded database (PGlite); messageSearchPostgres.test.ts runs the same
// scenario on PostgreSQL.
describe('message search polish', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('finds accents folded both ways, voice notes by transcript, files by name', async () => {
    const ana = await createChatUser(server, { language: 'English' });
    const eva = await createChatUser(server, { language: 'Spanish' });
    await checkSearchPolish({
      query: (text, params) => server.pglite.query(text, params),
      ana,
      eva,
      async search(token, q) {
        const answer = await server
          .client()
          .get<MessageSearchPage>(`${CHAT_PATHS.search}?${new URLSearchParams({ q })}`, { token });
        expect(answer.status, answer.text).toBe(200);
        return answer.body;
      },
    });
  });
});
