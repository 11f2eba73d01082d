import { CHAT_PATHS, POST_PATHS } from '@parley/chat-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../src/billing/billingRoutes.js';
import { CALL_FRAME_MESSAGES } from '../src/chat/frames/calls.js';
import { FRAME_MESSAGES } from '../src/chat/frames/context.js';
import { MESSAGE_ACTION_MESSAGES } from '../src/chat/frames/messageActions.js';
import { REACTION_MESSAGES } from '../src/chat/frames/reactions.js';
import { GROUP_MESSAGES } from '../src/chat/groupRoutes.js';
import { LINK_PREVIEW_MESSAGES } from '../src/chat/linkPreviewRoutes.js';
import { MESSAGE_REQUEST_MESSAGES } from '../src/chat/messageRequestRoutes.js';
import { SEARCH_QUERY_MESSAGES } from '../src/chat/search/searchQuery.js';
import { TRANSLATION_TRUST_MESSAGES } from '../src/chat/translationTrustRoutes.js';
import { SAFETY_MESSAGES } from '../src/connections/safetyRoutes.js';
import { CORRECTION_ROUTE_MESSAGES } from '../src/corrections/correctionRoutes.js';
import { CORRECTION_MESSAGES } from '../src/corrections/corrector.js';
import { DRIVE_MESSAGES } from '../src/drive/driveBackup.js';
import { CONTROL_CHARACTER_MESSAGES } from '../src/http/inputGuard.js';
import { INVALID_PAGE } from '../src/http/paging.js';
import { STARTING_DETAIL } from '../src/http/preboundServer.js';
import { translateText } from '../src/i18n/answerLanguage.js';
import { MAX_MATCHED_LENGTH } from '../src/i18n/englishTextMatcher.js';
import { loadSdkTexts, textsFor } from '../src/i18n/serverTexts.js';
import { waitInWords } from '../src/limits/limitMessages.js';
import { MEDIA_MESSAGES } from '../src/media/chatMediaRoutes.js';
import { ORGANIZATION_MESSAGES } from '../src/organizations/organizationStore.js';
import { POST_MESSAGES } from '../src/posts/publishPost.js';
import { PUSH_ROUTE_MESSAGES } from '../src/push/pushRoutes.js';
import { INVALID_TIMEZONE } from '../src/usage/timezoneRoutes.js';
import { ChatClient, createChatUser, socketUrl } from './support/chatClients.js';
import type { HttpClient } from './support/httpClient.js';
import { startTestServer, type TestServer } from './support/testServer.js';

// Issue 27, second round: the refusals of posts, groups, drive, corrections, requests, trust,
// organisations and the socket's error frames are in the catalog — the English each module answers
// with is found again (and so written in the requester's locale), byte for byte in English.
const MODULE_TEXTS: Record<string, Record<string, unknown>> = {
  POST_MESSAGES,
  GROUP_MESSAGES,
  DRIVE_MESSAGES,
  CORRECTION_ROUTE_MESSAGES,
  CORRECTION_MESSAGES,
  LINK_PREVIEW_MESSAGES,
  MESSAGE_REQUEST_MESSAGES,
  TRANSLATION_TRUST_MESSAGES,
  SAFETY_MESSAGES,
  ORGANIZATION_MESSAGES,
  BILLING_MESSAGES,
  PUSH_ROUTE_MESSAGES,
  CONTROL_CHARACTER_MESSAGES,
  MEDIA_MESSAGES,
  FRAME_MESSAGES,
  CALL_FRAME_MESSAGES,
  MESSAGE_ACTION_MESSAGES,
  REACTION_MESSAGES,
  SEARCH_QUERY_MESSAGES,
  PAGING: { INVALID_PAGE },
  TIMEZONE: { INVALID_TIMEZONE },
};
/** Texts a person never reads (a webhook's signature, for the payment provider). */
const UNREAD = new Set(['BILLING_MESSAGES.invalidSignature']);

const spanish = (text: string) => translateText(text, 'es');

beforeAll(() => loadSdkTexts());

describe('the refusals in the catalog', () => {
  it('every plain text of the refusing modules has a Spanish wording', () => {
    const left: string[] = [];
    for (const [module, texts] of Object.entries(MODULE_TEXTS))
      for (const [name, text] of Object.entries(texts))
        if (typeof text === 'string' && !UNREAD.has(`${module}.${name}`) && spanish(text) === text)
          left.push(`${module}.${name}: ${text}`);
    expect(left).toEqual([]);
    expect(spanish(STARTING_DETAIL)).toBe(
      'Parley se está iniciando. Vuelve a intentarlo en un momento.',
    );
  });

  it('texts with numbers built in are read back with their numbers', () => {
    const en = textsFor('en').server;
    expect(en.uploads.voiceTooLong(300)).toBe(MEDIA_MESSAGES.voiceTooLong);
    expect(spanish(MEDIA_MESSAGES.voiceTooLong)).toBe(
      'Una nota de voz puede durar como máximo 300 segundos.',
    );
    for (const kind of ['image', 'video', 'audio', 'application'])
      expect(en.uploads.tooLarge(kind, 25)).toBe(MEDIA_MESSAGES.tooLarge(kind, 25 * 1024 * 1024));
    expect(spanish(MEDIA_MESSAGES.tooLarge('video', 100 * 1024 * 1024))).toBe(
      'Este archivo de vídeo es demasiado grande (máximo 100 MiB).',
    );
    expect(en.posts.unknownObject('7')).toBe(POST_MESSAGES.unknownCategory('7'));
    expect(en.posts.tooManyElements(10)).toBe(POST_MESSAGES.tooManyCategories);
    expect(en.posts.tooManyElements(100)).toBe(GROUP_MESSAGES.tooManyUsers);
    expect(spanish(GROUP_MESSAGES.unknownUser('42'))).toBe(
      'Identificador «42» no válido: el objeto no existe.',
    );
    expect(en.seats.minimumSeats(10)).toBe(BILLING_MESSAGES.minimumSeats);
    expect(en.seats.maximumSeats(10_000)).toBe(BILLING_MESSAGES.maximumSeats);
    expect(en.frames.tooManyReactions(20)).toBe(REACTION_MESSAGES.tooMany);
    expect(spanish('A list of at most 100 ids is required.')).toBe(
      'Se necesita una lista de 100 identificadores como máximo.',
    );
    expect(spanish(CORRECTION_ROUTE_MESSAGES.throttled(waitInWords(120)))).toBe(
      'Demasiadas solicitudes de corrección. Vuelve a intentarlo en 2 minutos.',
    );
  });
});

describe('values inside a translated text', () => {
  const invalidChoice = (value: string) => `"${value}" is not a valid choice.`;

  it('pass through exactly: backslash escapes are not decoded', () => {
    const spanishText = spanish(invalidChoice('C:\\x41\\u0042'));
    expect(spanishText).not.toBe(invalidChoice('C:\\x41\\u0042'));
    expect(spanishText).toContain('C:\\x41\\u0042');
    expect(spanish(invalidChoice('\uFDD0x'))).toContain('\uFDD0x');
  });

  it('a text longer than any message with its values is left as it is, at once', () => {
    expect(spanish(invalidChoice('ok'))).not.toBe(invalidChoice('ok'));
    const huge = invalidChoice('a'.repeat(MAX_MATCHED_LENGTH));
    expect(spanish(huge)).toBe(huge);
    // A text built to make lazy groups backtrack: refused by its length, not matched.
    const hostile = `Try again in ${' '.repeat(50_000)}`;
    expect(spanish(hostile)).toBe(hostile);
  });
});

describe('refusals on the wire', () => {
  let server: TestServer;
  let http: HttpClient;
  beforeAll(async () => {
    server = await startTestServer();
    http = server.client();
  });
  afterAll(() => server?.close());

  it('a post refusal reads Spanish with Accept-Language: es, and the spec’s English without', async () => {
    const ana = await createChatUser(server, { username: 'rt_post' });
    const form = () => {
      const body = new FormData();
      body.append('content_type', 'text');
      body.append('caption', '');
      return body;
    };
    const es = await http.post<Record<string, string[]>>(POST_PATHS.create, form(), {
      token: ana.token,
      headers: { 'accept-language': 'es' },
    });
    expect(es.status).toBe(400);
    expect(es.body.categories).toEqual(['Selecciona al menos una categoría.']);
    expect(es.body.caption).toEqual(['Una publicación de texto necesita un texto.']);
    const en = await http.post<Record<string, string[]>>(POST_PATHS.create, form(), {
      token: ana.token,
    });
    expect(en.body.categories).toEqual([POST_MESSAGES.noCategory]);
    expect(en.body.caption).toEqual([POST_MESSAGES.emptyText]);
  });

  it('a group refusal reads Spanish with Accept-Language: es, and the spec’s English without', async () => {
    const ana = await createChatUser(server, { username: 'rt_group_ana' });
    const bo = await createChatUser(server, { username: 'rt_group_bo' });
    const form = () => {
      const body = new FormData();
      body.append('name', `Refusals ${process.pid}`);
      body.append('user_ids', String(bo.id));
      return body;
    };
    const es = await http.post(CHAT_PATHS.createGroup, form(), {
      token: ana.token,
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(es.status).toBeGreaterThanOrEqual(400);
    expect(es.text).toContain('Solo puedes añadir a personas con las que tienes conexión.');
    const en = await http.post(CHAT_PATHS.createGroup, form(), { token: ana.token });
    expect(en.status).toBe(es.status);
    expect(en.text).toContain(GROUP_MESSAGES.notConnected);
  });

  it('a socket error frame follows the socket’s Accept-Language', async () => {
    const ana = await createChatUser(server, { username: 'rt_socket' });
    const url = socketUrl(server, ana.id, ana.token);
    const spanishSocket = await ChatClient.connect(url, { headers: { 'accept-language': 'es' } });
    const englishSocket = await ChatClient.connect(url);
    try {
      for (const socket of [spanishSocket, englishSocket])
        socket.send({ type: 'edit_message', message_id: 987654321, message: 'hola' });
      expect((await spanishSocket.next('error')).detail).toBe(
        'message_id debe indicar un mensaje de una sala de la que eres miembro.',
      );
      expect((await englishSocket.next('error')).detail).toBe(
        MESSAGE_ACTION_MESSAGES.noSuchMessage,
      );
    } finally {
      spanishSocket.ws.close();
      englishSocket.ws.close();
    }
  });
});
