import { MAX_MENTIONS } from '@parley/chat-sdk';
import type { StoredMention } from '../db/schema.js';
import type { RoomAccess, UsersRepository } from '../plugins/app/index.js';
import type { Translator } from '../translation/index.js';

/**
 * The mentions a group message keeps (issue 25): only ids of the room's members other than the
 * sender, each once, with the username the text names them by. A private chat has no mentions;
 * ids of non-members are dropped, never stored or told of.
 */
export async function resolveMentions(
  ids: readonly number[],
  room: RoomAccess,
  senderId: number,
  users: UsersRepository,
): Promise<StoredMention[]> {
  if (room.kind !== 'group' || ids.length === 0) return [];
  const members = new Set(room.memberIds);
  const wanted = [...new Set(ids)].filter((id) => id !== senderId && members.has(id));
  if (wanted.length === 0) return [];
  const rows = await users.byIds(wanted.slice(0, MAX_MENTIONS));
  return rows.map((row) => ({ user_id: row.id, username: row.username }));
}

/** `@name` as people type it: a username's characters after an '@' that starts a word. */
const MENTION = /(^|[^\p{L}\p{N}_@.+-])(@[\p{L}\p{M}\p{N}_+-]+(?:\.[\p{L}\p{M}\p{N}_+-]+)*)/gu;
/** The stand-in an engine sees: digits in brackets come back as they went in. */
const PLACEHOLDER = /⟦\s*(\d+)\s*⟧/g;

/** The text with each `@name` replaced by a numbered stand-in, and the names in order. */
export function shieldMentions(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  const shielded = text.replace(MENTION, (_match, before: string, name: string) => {
    names.push(name);
    return `${before}⟦${names.length - 1}⟧`;
  });
  return { text: shielded, names };
}

/** The translation with the names put back; null when the engine lost or repeated a stand-in. */
export function restoreMentions(translated: string, names: readonly string[]): string | null {
  const seen = new Set<number>();
  let broken = false;
  const restored = translated.replace(PLACEHOLDER, (_match, index: string) => {
    const at = Number(index);
    const name = names[at];
    if (name === undefined || seen.has(at)) broken = true;
    seen.add(at);
    return name ?? '';
  });
  return broken || seen.size !== names.length ? null : restored;
}

/**
 * A translator that never translates `@mentions`: each is swapped for a stand-in the engine
 * passes through, and put back afterwards (so '@rosa' does not come back as '@pink'). When an
 * engine mangles a stand-in the plain text is translated instead, as it was before mentions.
 */
export function mentionShieldingTranslator(inner: Translator): Translator {
  return {
    get engine() {
      return inner.engine;
    },
    capabilities: () => inner.capabilities(),
    close: () => inner.close(),
    async translate(text, from, to, options) {
      const shielded = shieldMentions(text);
      if (shielded.names.length === 0) return inner.translate(text, from, to, options);
      const result = await inner.translate(shielded.text, from, to, options);
      const restored = restoreMentions(result.text, shielded.names);
      if (restored !== null) return { ...result, text: restored };
      return inner.translate(text, from, to, options);
    },
  };
}
