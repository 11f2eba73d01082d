import {
  type CurrentUser,
  createParleyClient,
  type ParleyClient,
  privateRoomName,
  type RoomMessage,
  type StorageLike,
} from '@parley/chat-sdk';
import { WebSocket } from 'ws';
import { registerUser } from '../../support/accounts.js';
import { HttpClient } from '../../support/httpClient.js';

// The certificate is the test's own self-signed one (docs/deploying.md, tested:certificate); this
// worker process talks only to loopback. curl checks it properly, with --cacert, in the guide.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

export interface ScalePerson {
  id: number;
  username: string;
  token: string;
  http: HttpClient;
}

/** Registers someone through the balancer (any instance may answer). */
export async function registerThrough(url: string, language = 'English'): Promise<ScalePerson> {
  const http = new HttpClient(url);
  const registered = await registerUser(http, { language });
  return {
    id: registered.user_id,
    username: registered.user_name,
    token: registered.access_token,
    http,
  };
}

function memoryStorage(initial: Record<string, string>): StorageLike {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The real @parley/chat-sdk client in node (`ws` for its socket), signed in as `person` through the
 * stored session an app would have after signing in, its socket held open through the balancer.
 */
export async function sdkClient(url: string, person: ScalePerson): Promise<ParleyClient> {
  const user = { id: person.id, username: person.username, profile_image: null } as CurrentUser;
  const client = createParleyClient({
    apiUrl: url,
    storage: memoryStorage({
      'persist:root': JSON.stringify({
        auth: JSON.stringify({ accessToken: person.token, user }),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    }),
    logger: quiet,
    WebSocket: WebSocket as never,
  });
  await client.ready;
  client.socket.connect();
  return client;
}

export function roomOf(a: ScalePerson, b: ScalePerson): string {
  return privateRoomName(a.id, b.id);
}

/** Polls until `check` holds (a budget, not a timing assertion). */
export async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A person's own messages in a room, as their sdk client holds them. */
export function ownMessages(client: ParleyClient, room: string, senderId: number): RoomMessage[] {
  return (client.chat.state.rooms[room]?.messages ?? []).filter((m) => m.sender_id === senderId);
}

/**
 * Ana and Ben (Spanish), registered through the balancer, each with an sdk client whose socket is
 * open on their private room. The clients go into `clients` for the test to dispose.
 */
export async function twoChatting(url: string, clients: ParleyClient[]) {
  const ana = await registerThrough(url);
  const ben = await registerThrough(url, 'Spanish');
  const room = roomOf(ana, ben);
  const people: [ScalePerson, ParleyClient][] = [];
  for (const person of [ana, ben]) {
    const client = await sdkClient(url, person);
    clients.push(client);
    client.chat.openRoom(room);
    await until(() => client.socket.state.status === 'open', `${person.username}'s socket`);
    people.push([person, client]);
  }
  return { ana, ben, room, people };
}
