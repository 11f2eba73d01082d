import { groupRoomName, privateRoomName } from '@parley/chat-sdk';
import { expect } from 'vitest';
import { buyInTestMode } from '../support/billing.js';
import { ChatClient, type ChatUser, createChatUser } from '../support/chatClients.js';
import { connectUsers } from '../support/connections.js';
import type { HttpClient } from '../support/httpClient.js';
import type { TestServer } from '../support/testServer.js';

/**
 * The people and resources every authorization row is tried against. Alice owns things; Carol
 * shares them with her; Bob is the signed-in stranger who must be refused.
 */
export interface AuthzWorld {
  server: TestServer;
  /** A fresh client without a token or cookies. */
  http: HttpClient;
  alice: ChatUser;
  carol: ChatUser;
  bob: ChatUser;
  /** Alice and Carol's private room (they are connected). */
  privateRoom: string;
  /** A group of Alice and Carol; Bob is not in it. */
  groupRoom: string;
  /** A message Alice sent in the private room. */
  messageId: number;
  /** A file Alice uploaded to the private room: stored name and signed URL path. */
  fileName: string;
  signedFileUrl: string;
  /** Alice administers an organisation; Carol is a member of it. */
  orgInviteToken: string;
  /** Alice's push endpoint (a device of hers). */
  aliceEndpoint: string;
}

let worlds = 0;

export async function buildWorld(server: TestServer): Promise<AuthzWorld> {
  worlds += 1;
  const http = server.client();
  const [alice, carol, bob] = await Promise.all([
    createChatUser(server),
    createChatUser(server),
    createChatUser(server),
  ]);
  await connectUsers(server, alice, carol);
  const privateRoom = privateRoomName(alice.id, carol.id);

  const groupName = `Authz Team ${process.pid} ${worlds}`;
  const group = await server.pglite.query<{ id: number }>(
    'insert into groups (name, slug, creator_id) values ($1, $2, $3) returning id',
    [groupName, groupRoomName(groupName), alice.id],
  );
  await server.pglite.query(
    'insert into group_members (group_id, user_id) select $1, unnest($2::int[])',
    [group.rows[0]?.id, [alice.id, carol.id]],
  );

  const socket = await ChatClient.open(server, alice);
  socket.send({
    type: 'chat_message',
    client_id: 'authz-world-message',
    message: 'only for Carol',
    sender_id: alice.id,
    room_name: privateRoom,
  });
  const sent = await socket.next('chat_message', (f) => f.client_id === 'authz-world-message');
  socket.close();

  const form = new FormData();
  form.set('receiver_id', String(carol.id));
  form.set('file', new Blob(['a note only Carol may read']), 'note.txt');
  const upload = await http.post<{ file_url: string }>('/chatmessage/upload-file/', form, {
    token: alice.token,
  });
  expect(upload.status, upload.text).toBe(201);
  const signedFileUrl = new URL(upload.body.file_url, server.url);
  const fileName = signedFileUrl.pathname.split('/').filter(Boolean).at(-1) as string;

  const bought = await buyInTestMode(http, alice.token, 'organization');
  const orgInviteToken = bought.org_invite_token as string;
  const joined = await http.post(
    '/accounts/join-org/',
    { token: orgInviteToken },
    {
      token: carol.token,
    },
  );
  expect(joined.status, joined.text).toBe(200);

  const aliceEndpoint = `https://push.example.com/authz-${process.pid}-${worlds}`;
  await server.pglite.query(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, 'k', 'a')`,
    [alice.id, aliceEndpoint],
  );

  return {
    server,
    http,
    alice,
    carol,
    bob,
    privateRoom,
    groupRoom: groupRoomName(groupName),
    messageId: sent.id,
    fileName,
    signedFileUrl: `${signedFileUrl.pathname}${signedFileUrl.search}`,
    orgInviteToken,
    aliceEndpoint,
  };
}
