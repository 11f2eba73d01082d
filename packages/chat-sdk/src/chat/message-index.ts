import type { ReceivedMessage, RoomMessage } from './chat-state';

/**
 * Where a room's stored messages sit by id and by sender + client_id, so a message arriving in a
 * long conversation finds its earlier copy without scanning the whole list (issue 24: the scan was
 * half of the receive time at 10,000 messages). One index per list object: a list the store
 * replaces (a history page, a deletion, an older page) gets a new one, built on its first lookup.
 *
 * The index only ever points at positions; every hit is checked against the list before it is
 * trusted (a stale entry costs one rebuild). Messages pushed onto a draft (the outbox's
 * optimistic copies) are picked up from the list's tail on the next lookup; a list whose last
 * indexed message moved (it shrank, a splice) is indexed again. The store's lists are immutable (room-messages.ts): a change is a copy that takes
 * over the index when positions stay (carryIndex), or a new list with a new index.
 */
interface Positions {
  byKey: Map<string, number>;
  /** How much of the list is indexed: everything before this position. */
  indexed: number;
  /** The last indexed message: a list changed other than at its end (a splice) moves it. */
  last?: RoomMessage;
}

const indexes = new WeakMap<RoomMessage[], Positions>();

const idKey = (id: number) => `i${id}`;
const clientKey = (senderId: number | null, clientId: string) => `c${senderId}:${clientId}`;

function keysOf(message: RoomMessage | ReceivedMessage): string[] {
  const keys: string[] = [];
  if (message.id !== null) keys.push(idKey(message.id));
  if (message.client_id !== null) keys.push(clientKey(message.sender_id, message.client_id));
  return keys;
}

function addAt(positions: Positions, list: RoomMessage[], at: number): void {
  const item = list[at];
  if (!item) return;
  // The first of two copies wins, as the scan it replaces found the first.
  for (const key of keysOf(item)) if (!positions.byKey.has(key)) positions.byKey.set(key, at);
}

function positionsOf(list: RoomMessage[], rebuild = false): Positions {
  let positions = indexes.get(list);
  if (!positions || rebuild || list[positions.indexed - 1] !== positions.last) {
    positions = { byKey: new Map(), indexed: 0 };
    indexes.set(list, positions);
  }
  while (positions.indexed < list.length) addAt(positions, list, positions.indexed++);
  positions.last = list[positions.indexed - 1];
  return positions;
}

/**
 * The stored message with the arriving one's id, or its sender's client_id: the same as the first
 * `sameMessage` match for any message that carries either (one without both, from a spec-only
 * server, is left to the caller's scan).
 */
export function findIndexed(
  list: RoomMessage[],
  message: ReceivedMessage,
  same: (item: RoomMessage, message: ReceivedMessage) => boolean,
): { message: RoomMessage; at: number } | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    const positions = positionsOf(list, attempt > 0);
    const found = keysOf(message)
      .map((key) => positions.byKey.get(key))
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b);
    const stale = found.some((at) => {
      const item = list[at];
      return !item || !same(item, message);
    });
    const first = found[0];
    if (!stale)
      return first === undefined ? undefined : { message: list[first] as RoomMessage, at: first };
  }
  return undefined;
}

/**
 * After the message at `at` changed or was replaced by a changed copy (an echo gave it its id):
 * index its new keys.
 */
export function reindexMessage(list: RoomMessage[], at: number): void {
  const positions = indexes.get(list);
  if (!positions || at >= positions.indexed) return;
  addAt(positions, list, at);
  if (at === positions.indexed - 1) positions.last = list[at];
}

/**
 * `to` is a copy of `from` about to get more messages at its end or changed copies at the same
 * positions (reindexed): it shares `from`'s index (the store keeps a room's messages as a new array
 * per change, issue 24). `from` keeps it too, for when the copy is dropped unchanged; a list whose
 * shared index went past its end sees its last message moved and is indexed again.
 */
export function carryIndex(from: RoomMessage[], to: RoomMessage[]): void {
  const positions = indexes.get(from);
  if (positions) indexes.set(to, positions);
}
