import { CSRF_FAILURE_DETAIL, type ServerFrame } from '@parley/chat-sdk';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { FRAME_MESSAGES } from '../../src/chat/frames/context.js';
import { MESSAGE_ACTION_MESSAGES } from '../../src/chat/frames/messageActions.js';
import { MESSAGE_REQUEST_MESSAGES } from '../../src/chat/messageRequestRoutes.js';
import { MODERATION_MESSAGES } from '../../src/moderation/moderationMessages.js';
import { startCheckout } from '../support/billing.js';
import type { ChatClient } from '../support/chatClients.js';
import type { ApiResponse } from '../support/httpClient.js';
import type { AuthzWorld } from './world.js';

/**
 * THE authorization matrix of the REST API, mirrored by docs/authorization.md (one row each,
 * same method and path). routes.test.ts checks that the routes the server registers are exactly
 * these rows, that the doc lists each, and tries each row as an anonymous caller and as a
 * signed-in caller who is not allowed.
 *
 * Adding a route: add a row here (method, path as registered with its trailing slash, who may
 * call it, what an anonymous caller gets, and the refused signed-in case, or `denied: { none }`
 * saying why there is no other person's resource to reach), then the same row in the doc.
 */

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Who may call a route (the doc's "Who" column uses these words). */
export const WHO = {
  public: 'anyone',
  publicCsrf: 'anyone, with the CSRF cookie copied into X-CSRFToken',
  refresh: 'the browser holding the refresh cookie (+ CSRF)',
  self: 'any signed-in person, on their own account',
  directory: 'any signed-in person',
  roomMember: 'member of the room',
  requestReceiver: 'the receiver of the room’s message request',
  fileReader: 'member of the file’s room (bearer) or holder of the signed link',
  orgAdmin: 'administrator of the organisation',
  inviteHolder: 'signed-in holder of the organisation’s invite token',
  linkHolder: 'anyone holding the unguessable name',
  checkoutHolder: 'the buyer’s browser (signed checkout cookie), same origin (test payments only)',
  oauthState: 'the browser that started the authorisation (state cookie)',
  webhook: 'Stripe, by the webhook signature',
  socket: 'the token’s own user, over a WebSocket upgrade',
  moderator: 'moderator or staff; an organisation administrator inside the organisation',
  staff: 'staff',
} as const;

/** Server configurations whose routes differ; rows without `only` exist in every one. */
export type Configuration = 'test-payments' | 'stripe' | 'built-app';

export interface CaseResult {
  status: number;
  /** What the body must be: `{detail}`, field errors, an HTML page, a redirect, anything. */
  shape?: 'detail' | 'fields' | 'html' | 'redirect' | 'any';
  /** The exact `detail`, where it matters. */
  detail?: string;
}

export interface RouteCase extends CaseResult {
  /** Who is trying, in words (the doc's refused case). */
  as: string;
  call(world: AuthzWorld): Promise<ApiResponse>;
  /** What must still hold after the refusal (nothing of the other person's changed). */
  after?(world: AuthzWorld): Promise<void>;
}

export interface RouteRow {
  method: Method;
  path: string;
  who: string;
  only?: Configuration;
  /** The call without a token; by default `method path` (params from `url`). */
  anonymous: CaseResult & { call?(world: AuthzWorld): Promise<ApiResponse> };
  /** A concrete URL for the path's parameters. */
  url?(world: AuthzWorld): string;
  denied: RouteCase | { none: string };
  /** A known hole left to another slice of issue 22 (the row asserts today's answer). */
  hole?: string;
}

/**
 * A request whose redirect is the answer (not followed); a POST goes as the test checkout
 * page's plain HTML form does.
 */
async function unfollowed(w: AuthzWorld, method: Method, path: string): Promise<ApiResponse> {
  const response = await fetch(new URL(path, w.server.url), {
    method,
    redirect: 'manual',
    ...(method === 'POST'
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }
      : {}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text, text };
}

const unauthenticated = { status: 401, shape: 'detail' } as const;
const csrfRefused = { status: 403, shape: 'detail', detail: CSRF_FAILURE_DETAIL } as const;

/** Only the caller's own account is reachable: no id of anyone else in the request. */
const ownOnly = { none: 'acts on the caller’s own account only; no other person can be named' };

function form(
  fields: Record<string, string>,
  file?: { field: string; bytes: Uint8Array<ArrayBuffer> },
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (file) body.set(file.field, new Blob([file.bytes]), 'x.bin');
  return body;
}

/** Alice is still in her organisation with Carol. */
async function carolStillMember(w: AuthzWorld) {
  const rows = await w.server.pglite.query(
    `select 1 from organization_members m join organizations o on o.id = m.organization_id
     where m.user_id = $1 and o.admin_id = $2`,
    [w.carol.id, w.alice.id],
  );
  expect(rows.rows).toHaveLength(1);
}

export const ROUTE_ROWS: RouteRow[] = [
  // ── Service ─────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/healthz',
    who: WHO.public,
    anonymous: { status: 200, shape: 'any' },
    denied: { none: 'public' },
  },
  {
    method: 'GET',
    path: '/readyz',
    who: WHO.public,
    anonymous: { status: 200, shape: 'any' },
    denied: { none: 'public' },
  },
  {
    method: 'GET',
    path: '/meta/capabilities/',
    who: WHO.public,
    anonymous: { status: 200, shape: 'any' },
    denied: { none: 'public' },
  },
  // ── Sessions ────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/accounts/csrf/',
    who: WHO.public,
    anonymous: { status: 200, shape: 'any' },
    denied: { none: 'public' },
  },
  {
    method: 'POST',
    path: '/accounts/register/',
    who: WHO.publicCsrf,
    anonymous: csrfRefused,
    denied: { none: 'creates a new account; names nobody else' },
  },
  {
    method: 'POST',
    path: '/accounts/login/',
    who: WHO.publicCsrf,
    anonymous: csrfRefused,
    denied: {
      as: 'Bob with a CSRF pair but Alice’s name and a wrong password',
      status: 401,
      async call(w) {
        const client = w.server.client();
        await client.csrf();
        return client.post(
          '/accounts/login/',
          { username: w.alice.username, password: 'not her password' },
          { csrf: true },
        );
      },
    },
  },
  {
    method: 'POST',
    path: '/accounts/token/refresh/',
    who: WHO.refresh,
    anonymous: csrfRefused,
    denied: {
      as: 'a browser with a CSRF pair and no refresh cookie',
      status: 401,
      async call(w) {
        const client = w.server.client();
        await client.csrf();
        return client.post('/accounts/token/refresh/', undefined, { csrf: true });
      },
    },
  },
  {
    method: 'POST',
    path: '/accounts/logout/',
    who: WHO.refresh,
    anonymous: csrfRefused,
    denied: { none: 'ends only the session of the refresh cookie it carries' },
  },
  // ── Own account and settings ────────────────────────────────────────────────
  ...(
    [
      ['GET', '/accounts/me/'],
      ['PATCH', '/accounts/update-language/'],
      ['PATCH', '/accounts/update-mute-sounds/'],
      ['PATCH', '/accounts/update-voice-output/'],
      ['PATCH', '/accounts/update-auto-correct/'],
      ['POST', '/accounts/update-chat-theme/'],
      ['PATCH', '/accounts/update-profile-info/'],
      ['PATCH', '/accounts/update-profile-image/'],
      ['PATCH', '/accounts/update-timezone/'],
      ['PATCH', '/accounts/update-link-previews/'],
      ['PATCH', '/accounts/update-read-receipts/'],
      ['PATCH', '/accounts/update-interface-language/'],
      ['GET', '/accounts/never-translated/'],
      ['POST', '/accounts/never-translated/'],
      ['POST', '/accounts/never-translated/remove/'],
    ] as const
  ).map(
    ([method, path]): RouteRow => ({
      method,
      path,
      who: WHO.self,
      anonymous: unauthenticated,
      denied: ownOnly,
    }),
  ),
  {
    method: 'GET',
    path: '/accounts/export/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  // Cookie calls: the CSRF pair is checked before the token, as for logout.
  ...(['/accounts/change-password/', '/accounts/delete-account/'] as const).map(
    (path): RouteRow => ({
      method: 'POST',
      path,
      who: WHO.self,
      anonymous: csrfRefused,
      denied: ownOnly,
    }),
  ),
  // ── People, profiles and safety ─────────────────────────────────────────────
  {
    method: 'GET',
    path: '/accounts/users/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'the directory every signed-in person may search' },
  },
  {
    method: 'GET',
    path: '/accounts/profile/:username/',
    url: (w) => `/accounts/profile/${w.alice.username}/`,
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: {
      none: 'public profiles of signed-in people; someone who blocked the reader shows no posts',
    },
  },
  {
    method: 'GET',
    path: '/accounts/profile/:username/posts/',
    url: (w) => `/accounts/profile/${w.alice.username}/posts/?before=1`,
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: {
      none: 'public profiles of signed-in people; someone who blocked the reader shows no posts',
    },
  },
  {
    method: 'POST',
    path: '/accounts/block/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'POST',
    path: '/accounts/unblock/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'GET',
    path: '/accounts/blocked/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'POST',
    path: '/accounts/report/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob quoting a message of Alice’s from a room he is not in',
      status: 400,
      shape: 'fields',
      call: (w) =>
        w.http.post(
          '/accounts/report/',
          { user_id: w.alice.id, message_id: w.messageId, reason: 'spam' },
          { token: w.bob.token },
        ),
    },
  },
  // ── Connections ─────────────────────────────────────────────────────────────
  ...(
    [
      ['GET', '/connections/status/'],
      ['GET', '/connections/pending/'],
      ['GET', '/connections/pending_list/'],
      ['GET', '/connections/accepted_list/'],
    ] as const
  ).map(
    ([method, path]): RouteRow => ({
      method,
      path,
      who: WHO.self,
      anonymous: unauthenticated,
      denied: ownOnly,
    }),
  ),
  {
    method: 'POST',
    path: '/connections/request/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob asking in Alice’s name (from_user)',
      status: 403,
      call: (w) =>
        w.http.post(
          '/connections/request/',
          { from_user: w.alice.id, to_user: w.carol.id },
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'POST',
    path: '/connections/accept/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob accepting a request Alice never sent him',
      status: 404,
      call: (w) =>
        w.http.post(
          '/connections/accept/',
          { to_user: w.alice.id, status: 'pending' },
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'POST',
    path: '/connections/delete/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob removing Alice and Carol’s connection in Alice’s name',
      status: 403,
      call: (w) =>
        w.http.post(
          '/connections/delete/',
          { from_user: w.alice.id, to_user: w.carol.id },
          { token: w.bob.token },
        ),
      async after(w) {
        const status = await w.http.get<{ status: string }>(
          `/connections/status/?to_user=${w.carol.id}`,
          { token: w.alice.token },
        );
        expect(status.body.status).toBe('accepted');
      },
    },
  },
  // ── Chats, history and groups ───────────────────────────────────────────────
  {
    method: 'GET',
    path: '/chatmessage/chats/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'GET',
    path: '/chatmessage/history/',
    url: (w) => `/chatmessage/history/?room_name=${encodeURIComponent(w.privateRoom)}`,
    who: WHO.roomMember,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob reading Alice and Carol’s private room',
      status: 403,
      call: (w) =>
        w.http.get(`/chatmessage/history/?room_name=${encodeURIComponent(w.privateRoom)}`, {
          token: w.bob.token,
        }),
    },
  },
  {
    method: 'GET',
    path: '/chatmessage/search/',
    url: () => '/chatmessage/search/?q=carol',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob searching Alice and Carol’s private room',
      status: 403,
      call: (w) =>
        w.http.get(`/chatmessage/search/?q=carol&room_name=${encodeURIComponent(w.privateRoom)}`, {
          token: w.bob.token,
        }),
    },
  },
  {
    method: 'GET',
    path: '/chatmessage/link-preview/',
    url: () => '/chatmessage/link-preview/?url=https%3A%2F%2Fexample.com%2F',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: {
      none: 'any signed-in person; the card of a public page, fetched through the egress guard',
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/requests/accept/',
    who: WHO.requestReceiver,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob answering a request in Alice and Carol’s private room',
      status: 403,
      detail: MESSAGE_REQUEST_MESSAGES.notAMember,
      call: (w) =>
        w.http.post(
          '/chatmessage/requests/accept/',
          { room_name: w.privateRoom },
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/requests/delete/',
    who: WHO.requestReceiver,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob answering a request in Alice and Carol’s private room',
      status: 403,
      detail: MESSAGE_REQUEST_MESSAGES.notAMember,
      call: (w) =>
        w.http.post(
          '/chatmessage/requests/delete/',
          { room_name: w.privateRoom },
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'GET',
    path: '/chatmessage/user/group/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'POST',
    path: '/chatmessage/mute/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob muting Alice and Carol’s private room',
      status: 403,
      shape: 'detail',
      call: (w) =>
        w.http.post(
          '/chatmessage/mute/',
          { room_name: w.privateRoom, duration: 'always' },
          { token: w.bob.token },
        ),
      after: async (w) => {
        const rows = await w.server.pglite.query('select 1 from chat_mutes where room = $1', [
          w.privateRoom,
        ]);
        expect(rows.rows).toEqual([]);
      },
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/:message_id/translation-report/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    url: (w) => `/chatmessage/${w.messageId}/translation-report/`,
    denied: {
      as: 'Bob reporting the translation of a message in Alice and Carol’s private room',
      status: 404,
      shape: 'detail',
      call: (w) =>
        w.http.post(`/chatmessage/${w.messageId}/translation-report/`, undefined, {
          token: w.bob.token,
        }),
      after: async (w) => {
        const rows = await w.server.pglite.query(
          'select 1 from translation_reports where message_id = $1',
          [w.messageId],
        );
        expect(rows.rows).toEqual([]);
      },
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/:message_id/translation-suggestion/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    url: (w) => `/chatmessage/${w.messageId}/translation-suggestion/`,
    denied: {
      as: 'Bob suggesting a translation of a message in Alice and Carol’s private room',
      status: 404,
      shape: 'detail',
      call: (w) =>
        w.http.post(
          `/chatmessage/${w.messageId}/translation-suggestion/`,
          { text: 'Mejor así' },
          { token: w.bob.token },
        ),
      after: async (w) => {
        const rows = await w.server.pglite.query(
          'select 1 from translation_suggestions where message_id = $1',
          [w.messageId],
        );
        expect(rows.rows).toEqual([]);
      },
    },
  },
  {
    method: 'DELETE',
    path: '/chatmessage/:message_id/translation-suggestion/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    url: (w) => `/chatmessage/${w.messageId}/translation-suggestion/`,
    denied: {
      as: 'Bob taking back a suggestion on a message in Alice and Carol’s private room',
      status: 404,
      shape: 'detail',
      call: (w) =>
        w.http.request('DELETE', `/chatmessage/${w.messageId}/translation-suggestion/`, undefined, {
          token: w.bob.token,
        }),
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/create/group/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob enrolling Alice, who is not his connection',
      status: 400,
      shape: 'fields',
      call: (w) =>
        w.http.post(
          '/chatmessage/create/group/',
          form({ name: `Bob's ${w.bob.id}`, user_ids: String(w.alice.id) }),
          { token: w.bob.token },
        ),
    },
  },
  // ── Chat files and voice ────────────────────────────────────────────────────
  {
    method: 'POST',
    path: '/chatmessage/upload-file/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob uploading into the group he is not in',
      status: 403,
      call: (w) =>
        w.http.post(
          '/chatmessage/upload-file/',
          form({ room_name: w.groupRoom }, { field: 'file', bytes: new Uint8Array(16) }),
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'POST',
    path: '/chatmessage/upload-chat-voice/',
    who: WHO.roomMember,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob sending a voice note to Alice and Carol’s room in Alice’s name',
      status: 403,
      call: (w) =>
        w.http.post(
          '/chatmessage/upload-chat-voice/',
          form(
            { sender_id: String(w.alice.id), room_name: w.privateRoom },
            { field: 'audio', bytes: new Uint8Array(16) },
          ),
          { token: w.bob.token },
        ),
    },
  },
  {
    method: 'GET',
    path: '/chatmessage/speech/',
    url: (w) => `/chatmessage/speech/?message_id=${w.messageId}`,
    who: WHO.roomMember,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob asking for speech of a message in a room he is not in',
      status: 404,
      call: (w) =>
        w.http.get(`/chatmessage/speech/?message_id=${w.messageId}`, { token: w.bob.token }),
    },
  },
  {
    method: 'GET',
    path: '/chatmessage/files/:name',
    url: (w) => `/chatmessage/files/${w.fileName}`,
    who: WHO.fileReader,
    anonymous: { status: 403, shape: 'detail' },
    denied: {
      as: 'Bob with his own token on a file of Alice and Carol’s room',
      status: 404,
      call: (w) => w.http.get(`/chatmessage/files/${w.fileName}`, { token: w.bob.token }),
      async after(w) {
        // The signed link still works, and a signature for another name does not.
        expect((await w.http.get(w.signedFileUrl)).status).toBe(200);
        // (Another first letter: random names start with 'x' one time in 64.)
        const other = w.fileName.startsWith('x') ? 'y' : 'x';
        const forged = w.signedFileUrl.replace(w.fileName, `${other}${w.fileName.slice(1)}`);
        expect((await w.http.get(forged)).status).toBe(404);
      },
    },
  },
  {
    method: 'GET',
    path: '/ws/chat/user_:userId',
    url: (w) => `/ws/chat/user_${w.alice.id}`,
    who: WHO.socket,
    // A plain GET is no API call; the upgrade's refusals are in frames.test.ts.
    anonymous: { status: 404, shape: 'detail' },
    denied: { none: 'see the socket table: another user’s path closes with 1008' },
  },
  // ── Media served by name ────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/media/:folder/:name',
    url: () => '/media/profile-images/0123456789abcdef0123456789abcdef.png',
    who: WHO.linkHolder,
    anonymous: { status: 404, shape: 'detail' },
    denied: { none: 'profile and group pictures, public by their random names' },
  },
  {
    method: 'GET',
    path: '/posts/media/:name',
    url: () => '/posts/media/0123456789abcdef0123456789abcdef.mp4',
    who: WHO.linkHolder,
    anonymous: { status: 404, shape: 'detail' },
    denied: { none: 'post pictures and videos, public by their random names' },
  },
  // ── Posts ───────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/posts/categories/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'the same list for everyone' },
  },
  {
    method: 'POST',
    path: '/posts/create/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'GET',
    path: '/posts/feed/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  // ── Calls and corrections ───────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/calls/ice-servers/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'short-lived TURN credentials for the caller' },
  },
  {
    method: 'GET',
    path: '/corrections/languages/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'the same list for everyone' },
  },
  {
    method: 'POST',
    path: '/corrections/check/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'checks the text sent; stores nothing' },
  },
  // ── Push ────────────────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/accounts/push/public-key/',
    who: WHO.directory,
    anonymous: unauthenticated,
    denied: { none: 'the server’s public VAPID key' },
  },
  {
    method: 'POST',
    path: '/accounts/push/subscribe/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      none: 'subscribes the caller’s device; an endpoint (the device’s secret) moves to whoever signs in on it',
    },
  },
  {
    method: 'POST',
    path: '/accounts/push/unsubscribe/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob unsubscribing Alice’s device',
      status: 204,
      shape: 'any',
      call: (w) =>
        w.http.post(
          '/accounts/push/unsubscribe/',
          { endpoint: w.aliceEndpoint },
          { token: w.bob.token },
        ),
      async after(w) {
        const rows = await w.server.pglite.query(
          'select 1 from push_subscriptions where user_id = $1 and endpoint = $2',
          [w.alice.id, w.aliceEndpoint],
        );
        expect(rows.rows).toHaveLength(1);
      },
    },
  },
  // ── Plans and organisations ─────────────────────────────────────────────────
  {
    method: 'POST',
    path: '/accounts/create-checkout-session/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'GET',
    path: '/accounts/billing/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'POST',
    path: '/accounts/billing/portal/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, who holds no plan (Alice’s is not reachable)',
      status: 404,
      call: (w) => w.http.post('/accounts/billing/portal/', {}, { token: w.bob.token }),
    },
  },
  {
    method: 'POST',
    path: '/accounts/billing/cancel/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, who holds no plan (Alice’s is not reachable)',
      status: 404,
      call: (w) => w.http.post('/accounts/billing/cancel/', {}, { token: w.bob.token }),
      after: carolStillMember,
    },
  },
  {
    method: 'GET',
    path: '/accounts/test-checkout/:id/',
    only: 'test-payments',
    url: () => '/accounts/test-checkout/test_cs_unknown/',
    who: WHO.checkoutHolder,
    anonymous: { status: 404, shape: 'html' },
    denied: { none: 'a page naming only the plan' },
  },
  {
    method: 'POST',
    path: '/accounts/test-checkout/:id/pay/',
    only: 'test-payments',
    who: WHO.checkoutHolder,
    anonymous: {
      status: 403,
      shape: 'html',
      async call(w) {
        const page = await startCheckout(w.server.client(), w.bob.token, 'personal');
        return unfollowed(w, 'POST', `${page}pay`);
      },
    },
    denied: {
      none: 'bound to the buyer’s browser by a signed checkout cookie that no other person holds',
    },
  },
  {
    method: 'POST',
    path: '/accounts/test-checkout/:id/cancel/',
    only: 'test-payments',
    who: WHO.checkoutHolder,
    anonymous: {
      status: 404,
      shape: 'html',
      call: (w) => unfollowed(w, 'POST', '/accounts/test-checkout/test_cs_unknown/cancel/'),
    },
    denied: {
      none: 'bound to the buyer’s browser by a signed checkout cookie that no other person holds',
    },
  },
  {
    method: 'POST',
    path: '/accounts/stripe-webhook/',
    only: 'stripe',
    who: WHO.webhook,
    anonymous: { status: 400, shape: 'detail' },
    denied: {
      as: 'a caller with a forged signature',
      status: 400,
      call: (w) =>
        w.http.post('/accounts/stripe-webhook/', '{"type":"checkout.session.completed"}', {
          headers: {
            'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
          },
        }),
    },
  },
  {
    method: 'POST',
    path: '/accounts/join-org/',
    who: WHO.inviteHolder,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob with a made-up invite token',
      status: 400,
      call: (w) =>
        w.http.post('/accounts/join-org/', { token: 'not-an-invite' }, { token: w.bob.token }),
    },
  },
  {
    method: 'GET',
    path: '/accounts/organization/members/',
    who: WHO.orgAdmin,
    anonymous: unauthenticated,
    denied: {
      as: 'Carol, a member but not the administrator',
      status: 403,
      call: (w) => w.http.get('/accounts/organization/members/', { token: w.carol.token }),
    },
  },
  {
    method: 'POST',
    path: '/accounts/organization/invite/rotate/',
    who: WHO.orgAdmin,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, who administers nothing, replacing an invite link',
      status: 403,
      shape: 'detail',
      call: (w) => w.http.post('/accounts/organization/invite/rotate/', {}, { token: w.bob.token }),
      after: carolStillMember,
    },
  },
  {
    method: 'POST',
    path: '/accounts/organization/invite/preview/',
    who: WHO.inviteHolder,
    anonymous: unauthenticated,
    denied: { none: 'names only the organisation of the token the caller already holds' },
  },
  {
    method: 'DELETE',
    path: '/accounts/organization/members/:id/',
    url: (w) => `/accounts/organization/members/${w.carol.id}/`,
    who: WHO.orgAdmin,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, who administers nothing, removing Carol from Alice’s organisation',
      status: 403,
      call: (w) =>
        w.http.request('DELETE', `/accounts/organization/members/${w.carol.id}/`, undefined, {
          token: w.bob.token,
        }),
      after: carolStillMember,
    },
  },
  // ── Google Drive backup ─────────────────────────────────────────────────────
  ...(
    [
      ['GET', '/accounts/google-drive/'],
      ['POST', '/accounts/google-drive/authorize/'],
      ['POST', '/accounts/google-drive/backup/'],
      ['POST', '/accounts/google-drive/disconnect/'],
    ] as const
  ).map(
    ([method, path]): RouteRow => ({
      method,
      path,
      who: WHO.self,
      anonymous: unauthenticated,
      denied: ownOnly,
    }),
  ),
  {
    method: 'GET',
    path: '/accounts/google-drive/callback/',
    who: WHO.oauthState,
    anonymous: {
      status: 302,
      shape: 'redirect',
      call: (w) => unfollowed(w, 'GET', '/accounts/google-drive/callback/?code=x&state=y'),
    },
    denied: { none: 'a state without its browser’s cookie is refused (redirect with ?error=)' },
  },
  // ── Moderation (issue 29) ───────────────────────────────────────────────────
  {
    method: 'GET',
    path: '/moderation/reports/',
    who: WHO.moderator,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, a member who is not a moderator, opening the review queue',
      status: 403,
      shape: 'detail',
      detail: MODERATION_MESSAGES.notModerator,
      call: (w) => w.http.get('/moderation/reports/', { token: w.bob.token }),
    },
  },
  {
    method: 'POST',
    path: '/moderation/actions/',
    who: WHO.moderator,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, a member who is not a moderator, removing Alice’s message',
      status: 403,
      shape: 'detail',
      detail: MODERATION_MESSAGES.notModerator,
      call: (w) =>
        w.http.post(
          '/moderation/actions/',
          { action: 'remove_message', message_id: w.messageId },
          { token: w.bob.token },
        ),
      after: async (w) => {
        const rows = await w.server.pglite.query(
          'select 1 from messages where id = $1 and deleted_at is null',
          [w.messageId],
        );
        expect(rows.rows.length).toBe(1);
      },
    },
  },
  {
    method: 'GET',
    path: '/moderation/notices/',
    who: WHO.self,
    anonymous: unauthenticated,
    denied: ownOnly,
  },
  {
    method: 'GET',
    path: '/moderation/audit/',
    who: WHO.staff,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, a member who is not staff, reading the audit log',
      status: 403,
      shape: 'detail',
      detail: MODERATION_MESSAGES.notStaff,
      call: (w) => w.http.get('/moderation/audit/', { token: w.bob.token }),
    },
  },
  {
    method: 'GET',
    path: '/moderation/overview/',
    who: WHO.staff,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, a member who is not staff, reading the operators’ overview',
      status: 403,
      shape: 'detail',
      detail: MODERATION_MESSAGES.notOperator,
      call: (w) => w.http.get('/moderation/overview/', { token: w.bob.token }),
    },
  },
  {
    method: 'POST',
    path: '/moderation/roles/',
    who: WHO.staff,
    anonymous: unauthenticated,
    denied: {
      as: 'Bob, a member who is not staff, making himself staff',
      status: 403,
      shape: 'detail',
      detail: MODERATION_MESSAGES.notOperator,
      call: (w) =>
        w.http.post(
          '/moderation/roles/',
          { user_id: w.bob.id, role: 'staff', granted: true },
          { token: w.bob.token },
        ),
      after: async (w) => {
        const rows = await w.server.pglite.query<{ staff: boolean }>(
          'select staff from users where id = $1',
          [w.bob.id],
        );
        expect(rows.rows[0]?.staff).toBe(false);
      },
    },
  },
  // ── The built app ───────────────────────────────────────────────────────────
  {
    method: 'GET',
    path: '*',
    only: 'built-app',
    url: () => '/index.html',
    who: WHO.public,
    anonymous: { status: 200, shape: 'any' },
    denied: { none: 'the app’s static files and its index.html' },
  },
];

/** `METHOD /path` with the trailing slash dropped, as Fastify lists routes. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`;
}

/**
 * Every route Fastify registered, as `METHOD /path` (HEAD, added for each GET, left out). Read
 * from printRoutes' tree, whose child lines continue their parent's path.
 */
export function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack.length = depth;
    stack.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.add(routeKey(method, path));
    }
  }
  return routes;
}

/** The sockets the frame rows use: Bob is refused, Alice and Carol must hear nothing of it. */
export interface SocketWorld extends AuthzWorld {
  sockets: { alice: ChatClient; bob: ChatClient; carol: ChatClient };
}

export interface FrameCase {
  as: string;
  /** Whose socket sends it (and gets the refusal). */
  from: 'bob' | 'carol';
  /** The `error` frame's code the sender gets back. */
  code: string;
  /** Its exact detail, where several refusals share a code. */
  detail?: string;
  send(world: SocketWorld): void;
  /** What must not have reached anyone else. */
  after?(world: SocketWorld): Promise<void>;
}

export interface FrameRow {
  /** A client frame type of the dispatch table, or `binary` for a live voice chunk. */
  type: string;
  who: string;
  /** The refused cases (one or several), or why none can be tried. */
  denied: FrameCase | FrameCase[] | { none: string };
}

/** A 16 kHz mono 16-bit WAV of `samples` silent samples, base64 (a valid call_audio). */
function silentWav(samples = 1600): string {
  const data = samples * 2;
  const wav = Buffer.alloc(44 + data);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + data, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(data, 40);
  return wav.toString('base64');
}

async function nothingFor(client: ChatClient, type: ServerFrame['type']) {
  expect(await client.unclaimed(type)).toEqual([]);
}

export const FRAME_WHO = {
  anySocket: 'any open socket (its own user)',
  roomMember: 'member of the room, as themselves (sender_id / from)',
  callPeer: 'someone the other person shares a conversation or connection with, as themselves',
  callParticipant: 'participant of a connected call with that person, as themselves',
  streamOwner: 'the socket that began the stream with chunk_init',
  messageSender: 'the message’s sender, a member of its room, within 15 minutes',
  messageSenderOrSelf:
    'for everyone: the message’s sender; for: "me": any member of its room, for themselves',
} as const;

export const FRAME_ROWS: FrameRow[] = [
  { type: 'ping', who: FRAME_WHO.anySocket, denied: { none: 'answers pong to the caller only' } },
  {
    type: 'authenticate',
    who: FRAME_WHO.anySocket,
    denied: {
      from: 'bob',
      as: 'Bob renewing his socket with a token that is not valid',
      code: 'invalid_token',
      send: (w) => w.sockets.bob.send({ type: 'authenticate', token: 'not-a-token' }),
    },
  },
  {
    type: 'join_room',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob joining Alice and Carol’s group',
      code: 'not_a_member',
      send: (w) => w.sockets.bob.send({ type: 'join_room', room_name: w.groupRoom }),
      after: (w) => nothingFor(w.sockets.bob, 'chat_history'),
    },
  },
  {
    type: 'leave_room',
    who: FRAME_WHO.anySocket,
    denied: { none: 'forgets the caller’s own joined room' },
  },
  {
    type: 'chat_message',
    who: FRAME_WHO.roomMember,
    denied: [
      {
        from: 'bob',
        as: 'Bob writing into Alice and Carol’s private room',
        code: 'not_a_member',
        send: (w) =>
          w.sockets.bob.send({
            type: 'chat_message',
            client_id: 'authz-bob-message',
            message: 'let me in',
            sender_id: w.bob.id,
            room_name: w.privateRoom,
          }),
        after: (w) => nothingFor(w.sockets.carol, 'chat_message'),
      },
      {
        from: 'bob',
        as: 'Bob writing as Alice (sender_id)',
        code: 'invalid_frame',
        detail: FRAME_MESSAGES.notSender,
        send: (w) =>
          w.sockets.bob.send({
            type: 'chat_message',
            client_id: 'authz-bob-as-alice',
            message: 'it is me, Alice',
            sender_id: w.alice.id,
            room_name: w.privateRoom,
          }),
        after: (w) => nothingFor(w.sockets.carol, 'chat_message'),
      },
      {
        from: 'carol',
        as: 'Carol sending Alice’s upload as her own file',
        code: 'invalid_frame',
        detail: FRAME_MESSAGES.notYourFile,
        send: (w) =>
          w.sockets.carol.send({
            type: 'chat_message',
            client_id: 'authz-carol-file',
            message: '',
            sender_id: w.carol.id,
            room_name: w.privateRoom,
            file_type: 'application',
            file_url: w.signedFileUrl,
            file_name: 'note.txt',
          }),
        after: (w) => nothingFor(w.sockets.alice, 'chat_message'),
      },
    ],
  },
  {
    type: 'edit_message',
    who: FRAME_WHO.messageSender,
    denied: [
      {
        from: 'bob',
        as: 'Bob editing a message of Alice and Carol’s private room',
        code: 'not_a_member',
        send: (w) =>
          w.sockets.bob.send({ type: 'edit_message', message_id: w.messageId, message: 'mine' }),
        after: (w) => nothingFor(w.sockets.carol, 'message_edited'),
      },
      {
        from: 'carol',
        as: 'Carol editing Alice’s message',
        code: 'invalid_frame',
        detail: MESSAGE_ACTION_MESSAGES.notYourMessage,
        send: (w) =>
          w.sockets.carol.send({ type: 'edit_message', message_id: w.messageId, message: 'mine' }),
        after: (w) => nothingFor(w.sockets.alice, 'message_edited'),
      },
    ],
  },
  {
    type: 'delete_message',
    who: FRAME_WHO.messageSenderOrSelf,
    denied: [
      {
        from: 'bob',
        as: 'Bob deleting a message of Alice and Carol’s private room',
        code: 'not_a_member',
        send: (w) => w.sockets.bob.send({ type: 'delete_message', message_id: w.messageId }),
        after: (w) => nothingFor(w.sockets.carol, 'message_deleted'),
      },
      {
        from: 'carol',
        as: 'Carol deleting Alice’s message for everyone',
        code: 'invalid_frame',
        detail: MESSAGE_ACTION_MESSAGES.notYourMessage,
        send: (w) => w.sockets.carol.send({ type: 'delete_message', message_id: w.messageId }),
        after: (w) => nothingFor(w.sockets.alice, 'message_deleted'),
      },
    ],
  },
  {
    type: 'react',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob reacting to a message of Alice and Carol’s private room',
      code: 'not_a_member',
      send: (w) => w.sockets.bob.send({ type: 'react', message_id: w.messageId, emoji: '👍' }),
      after: (w) => nothingFor(w.sockets.carol, 'reaction'),
    },
  },
  {
    type: 'read',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob marking Alice and Carol’s private room read',
      code: 'not_a_member',
      send: (w) =>
        w.sockets.bob.send({ type: 'read', room_name: w.privateRoom, message_id: w.messageId }),
      after: (w) => nothingFor(w.sockets.alice, 'read_receipt'),
    },
  },
  {
    type: 'typing',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob typing in Alice and Carol’s group',
      code: 'not_a_member',
      send: (w) =>
        w.sockets.bob.send({
          type: 'typing',
          is_typing: true,
          sender_id: w.bob.id,
          room_name: w.groupRoom,
        }),
      after: (w) => nothingFor(w.sockets.carol, 'typing_indicator'),
    },
  },
  {
    type: 'recording',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob saying he records in Alice’s name',
      code: 'invalid_frame',
      detail: FRAME_MESSAGES.notSender,
      send: (w) =>
        w.sockets.bob.send({
          type: 'recording',
          is_recording: true,
          sender_id: w.alice.id,
          room_name: w.privateRoom,
        }),
      after: (w) => nothingFor(w.sockets.carol, 'recording_indicator'),
    },
  },
  {
    type: 'chunk_init',
    who: FRAME_WHO.roomMember,
    denied: {
      from: 'bob',
      as: 'Bob starting a live voice stream into Alice and Carol’s private room',
      code: 'not_a_member',
      send: (w) =>
        w.sockets.bob.send({
          type: 'chunk_init',
          from: w.bob.id,
          mime_type: 'audio/webm',
          room_name: w.privateRoom,
        }),
    },
  },
  {
    type: 'binary',
    who: FRAME_WHO.streamOwner,
    denied: {
      from: 'bob',
      as: 'Bob sending audio without a stream of his own',
      code: 'no_voice_stream',
      send: (w) => w.sockets.bob.ws.send(Buffer.alloc(4000)),
      after: (w) => nothingFor(w.sockets.carol, 'voice_chunk'),
    },
  },
  {
    type: 'chunk_end',
    who: FRAME_WHO.streamOwner,
    denied: { none: 'ends only the caller’s own stream' },
  },
  {
    type: 'call_signal',
    who: FRAME_WHO.callPeer,
    denied: {
      from: 'bob',
      as: 'Bob calling Alice, with whom he shares nothing',
      code: 'not_a_member',
      send: (w) =>
        w.sockets.bob.send({
          type: 'call_signal',
          from: w.bob.id,
          to: w.alice.id,
          call_type: 'audio',
          signal: { type: 'offer', sdp: 'v=0' },
        }),
      after: (w) => nothingFor(w.sockets.alice, 'call_signal'),
    },
  },
  {
    type: 'live_transcript',
    who: FRAME_WHO.callParticipant,
    denied: {
      from: 'carol',
      as: 'Carol captioning onto Alice’s screen with no call between them',
      code: 'no_call',
      send: (w) =>
        w.sockets.carol.send({
          type: 'live_transcript',
          from: w.carol.id,
          to: w.alice.id,
          transcript: 'words nobody said',
        }),
      after: (w) => nothingFor(w.sockets.alice, 'live_transcript'),
    },
  },
  {
    type: 'call_audio',
    who: FRAME_WHO.callParticipant,
    denied: {
      from: 'bob',
      as: 'Bob sending call audio to Alice, with whom he shares nothing',
      code: 'not_a_member',
      send: (w) =>
        w.sockets.bob.send({
          type: 'call_audio',
          from: w.bob.id,
          to: w.alice.id,
          mime_type: 'audio/wav',
          audio: silentWav(),
          final: true,
        }),
      after: (w) => nothingFor(w.sockets.alice, 'live_transcript'),
    },
  },
];
