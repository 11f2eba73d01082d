import type { ChatMessage, TranslationSuggestion } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { MessagesRepository, NeverTranslatedRepository } from '../plugins/app/index.js';
import { engineDisplayName } from '../translation/engineNames.js';
import {
  DEFAULT_TRANSLATION_TIMEOUT_MS,
  detectMessageLanguage,
  type LanguageDetector,
  type ProtectedWords,
  type SafeTranslation,
  type Translator,
  translateSafely,
} from '../translation/index.js';

/** What the chat flow needs to translate messages; built once by buildServer. */
export interface ChatTranslation {
  /** Where translations are stored and read back. */
  messages: MessagesRepository;
  translator: Translator;
  detector: LanguageDetector;
  log: FastifyBaseLogger;
  /** Per engine call at send time (default 8 s). */
  timeoutMs?: number;
  /** Translations a history page may wait for, in total (default 4 s). */
  historyBudgetMs?: number;
  /** Engine calls one history page runs at once (default 4). */
  historyConcurrency?: number;
  /** Senders' glossaries of words never translated (issue 26); absent: none. */
  glossaries?: Pick<NeverTranslatedRepository, 'words' | 'wordsOf'>;
  /** Issue 26: members' better translations of these messages into `language`, by id. */
  suggestions?: (
    ids: readonly number[],
    language: string,
  ) => Promise<Map<number, TranslationSuggestion>>;
}

export const DEFAULT_HISTORY_BUDGET_MS = 4_000;
export const DEFAULT_HISTORY_CONCURRENCY = 4;
const DETECTION_SAMPLE_CHARS = 1_000;

/** A message's text for one reader. */
export interface ReaderText {
  text: string;
  translated: boolean;
  failed: boolean;
  /** Issue 26: the engine's id ('apertium-apy'), when a translation was made. */
  engine?: string | null;
  /** Issue 26: words the engine left untranslated. */
  unknownWords?: readonly string[] | null;
}

/** The message as the sender and same-language readers get it: the original, untouched. */
export function originalView(message: ChatMessage): ChatMessage {
  return { ...message, message: message.original_message, translated: false };
}

/** The message as a reader of another language gets it. */
export function readerView(message: ChatMessage, text: ReaderText): ChatMessage {
  const view: ChatMessage = { ...message, message: text.text, translated: text.translated };
  if (text.failed) view.translation_failed = true;
  // Issue 26: who made the translation, and which words it did not know (optional extensions).
  if (text.translated && text.engine) view.translated_by = engineDisplayName(text.engine);
  if (text.translated && text.unknownWords && text.unknownWords.length > 0) {
    view.untranslated_words = [...text.unknownWords];
  }
  return view;
}

export function hasText(text: string): boolean {
  return text.trim() !== '';
}

/** The language the message is written in: the profile's unless the detector clearly disagrees. */
export function sourceLanguage(
  deps: ChatTranslation,
  text: string,
  profileCode: string,
): Promise<string> {
  // The opening says which language it is; a 10 000-character message need not all be scored.
  const sample =
    text.length > DETECTION_SAMPLE_CHARS ? text.slice(0, DETECTION_SAMPLE_CHARS) : text;
  return detectMessageLanguage(sample, profileCode, deps.detector);
}

/** `translated` only when the engine's text differs (names, 'ok' and emoji come back as is). */
function toReaderText(original: string, result: SafeTranslation): ReaderText {
  return result.translated
    ? {
        text: result.text,
        translated: result.text !== original,
        failed: false,
        engine: result.engine ?? null,
        unknownWords: result.unknownWords ?? null,
      }
    : { text: original, translated: false, failed: result.failure !== undefined };
}

interface StoredRow {
  text: string;
  failed: boolean;
  engine?: string | null;
  unknownWords?: string[] | null;
}

function storedText(original: string, row: StoredRow): ReaderText {
  return row.failed
    ? { text: original, translated: false, failed: true }
    : {
        text: row.text,
        translated: row.text !== original,
        failed: false,
        engine: row.engine ?? null,
        unknownWords: row.unknownWords ?? null,
      };
}

/** A message's texts for its readers, and the write that keeps them (ChatDelivery waits for it). */
export interface ReaderTexts {
  texts: Map<string, ReaderText>;
  /**
   * Storing every result, failures included (history retries those). The readers do not wait
   * for it: their frames go out while it travels to the database. Never rejects.
   */
  stored: Promise<void>;
}

/**
 * Translates one message into each target language at once (the engine's cache in front) and
 * starts storing every result. Never throws.
 */
export async function translateForReaders(
  deps: ChatTranslation,
  messageId: number,
  text: string,
  from: string,
  targets: readonly string[],
  protect?: ProtectedWords,
): Promise<ReaderTexts> {
  const results = await Promise.all(
    targets.map(async (to) => {
      const result = await translateSafely(deps.translator, text, from, to, {
        protect,
        timeoutMs: deps.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS,
        onFailure: (error) =>
          deps.log.warn({ err: error, from, to, messageId }, 'message translation failed'),
      });
      return { to, result };
    }),
  );
  const texts = new Map<string, ReaderText>();
  for (const { to, result } of results) texts.set(to, toReaderText(text, result));
  // Issued now, in this turn: a later statement about the message (an edit's, a deletion's)
  // reaches the database after it.
  const stored = deps.messages
    .addTranslations(
      results.map(({ to, result }) => ({
        messageId,
        language: to,
        text: result.translated ? result.text : text,
        engine: result.engine ?? null,
        unknownWords: result.unknownWords ?? null,
        failed: !result.translated,
      })),
    )
    .catch((error: unknown) => {
      // Readers still get the text; history translates again on demand.
      deps.log.warn({ err: error, messageId }, 'storing message translations failed');
    });
  return { texts, stored };
}

/**
 * One stored message as readers of `language` got it at send time (the original when no
 * language is given or nothing was stored for it); null when the message no longer exists.
 */
export async function loadMessageFor(
  messages: MessagesRepository,
  id: number,
  language: string | undefined,
): Promise<ChatMessage | null> {
  const message = await messages.byId(id);
  if (!message || language === undefined) return message && originalView(message);
  const [row] = await messages.translations([id], language);
  if (!row) return originalView(message);
  return readerView(message, storedText(message.original_message, row));
}

/** The glossaries of these messages' senders; none (logged) when they cannot be read. */
async function sendersGlossaries(
  deps: ChatTranslation,
  messages: readonly ChatMessage[],
): Promise<Map<number, string[]>> {
  if (!deps.glossaries) return new Map();
  try {
    return await deps.glossaries.wordsOf(messages.map((m) => m.sender_id));
  } catch (error) {
    deps.log.warn({ err: error }, 'reading glossaries failed');
    return new Map();
  }
}

/**
 * A username as a name in running text: 'glossary_ana' or 'DanaK' as written, but a plain
 * lower-case word ('rose') only capitalised ('Rose'), so 'a rose' is still translated.
 */
function nameAsWritten(username: string): string {
  if (!/^\p{Ll}+$/u.test(username)) return username;
  return username.charAt(0).toLocaleUpperCase() + username.slice(1);
}

/** The sender's glossary and the names of the people in the room, kept as they are. */
export async function protectedWordsFor(
  deps: ChatTranslation,
  senderId: number,
  members: readonly { username: string; firstName: string | null }[],
): Promise<ProtectedWords> {
  let glossary: string[] = [];
  try {
    glossary = (await deps.glossaries?.words(senderId)) ?? [];
  } catch (error) {
    deps.log.warn({ err: error, senderId }, 'reading the glossary failed');
  }
  const names = members.flatMap((m) => {
    const username = nameAsWritten(m.username);
    return m.firstName ? [username, m.firstName] : [username];
  });
  return { names, glossary };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export interface HistoryReader {
  id: number;
  /** The reader's current language code; null keeps every message original. */
  language: string | null;
}

/**
 * A history page in the reader's language: stored translations where they exist, the rest
 * translated now (bounded concurrency and time) and stored. A failure gives the original text
 * with `translation_failed`; the page itself never fails.
 */
export async function localizeHistory(
  deps: ChatTranslation,
  page: ChatMessage[],
  reader: HistoryReader,
  limitedIds: ReadonlySet<number>,
): Promise<ChatMessage[]> {
  const localized = await localizeHistoryTexts(deps, page, reader, limitedIds);
  return withSuggestions(deps, localized, reader);
}

/** Issue 26: each message others wrote carries the reader-language suggestion, when there is one. */
async function withSuggestions(
  deps: ChatTranslation,
  page: ChatMessage[],
  reader: HistoryReader,
): Promise<ChatMessage[]> {
  if (!deps.suggestions || reader.language === null) return page;
  const theirs = page.filter((m) => m.sender_id !== reader.id && !m.deleted).map((m) => m.id);
  if (theirs.length === 0) return page;
  try {
    const found = await deps.suggestions(theirs, reader.language);
    if (found.size === 0) return page;
    return page.map((m) => {
      const suggestion = found.get(m.id);
      return suggestion && m.sender_id !== reader.id
        ? { ...m, translation_suggestion: suggestion }
        : m;
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'reading translation suggestions failed');
    return page;
  }
}

async function localizeHistoryTexts(
  deps: ChatTranslation,
  page: ChatMessage[],
  reader: HistoryReader,
  limitedIds: ReadonlySet<number>,
): Promise<ChatMessage[]> {
  const target = reader.language;
  const needs = (m: ChatMessage) =>
    target !== null &&
    m.sender_id !== reader.id &&
    m.original_language !== null &&
    m.original_language !== target &&
    !limitedIds.has(m.id) &&
    // Records of calls and group events are worded by the client, never translated.
    !m.call_event &&
    !m.group_event &&
    hasText(m.original_message);
  const wanted = page.filter(needs);
  if (target === null || wanted.length === 0) return page.map(originalView);

  const texts = new Map<number, ReaderText>();
  try {
    const rows = await deps.messages.translations(
      wanted.map((m) => m.id),
      target,
    );
    const originals = new Map(wanted.map((m) => [m.id, m.original_message]));
    for (const row of rows) {
      const original = originals.get(row.messageId);
      if (!row.failed && original !== undefined) {
        texts.set(row.messageId, storedText(original, row));
      }
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'reading message translations failed');
  }

  const missing = wanted.filter((m) => !texts.has(m.id));
  if (missing.length > 0) {
    const deadline = Date.now() + (deps.historyBudgetMs ?? DEFAULT_HISTORY_BUDGET_MS);
    const fresh: {
      messageId: number;
      text: string;
      engine: string | null;
      unknownWords: string[] | null;
    }[] = [];
    const glossaries = await sendersGlossaries(deps, missing);
    // The people who speak on this page are people of the conversation: their names stay as they
    // are in every message of it, as in live delivery (which knows every member).
    const names = [
      ...new Set(
        page.filter((m) => m.sender_username).map((m) => nameAsWritten(m.sender_username)),
      ),
    ];
    await eachLimited(
      missing,
      deps.historyConcurrency ?? DEFAULT_HISTORY_CONCURRENCY,
      async (message) => {
        const remaining = deadline - Date.now();
        const from = message.original_language as string;
        if (remaining <= 0) {
          texts.set(message.id, {
            text: message.original_message,
            translated: false,
            failed: true,
          });
          return;
        }
        const result = await translateSafely(
          deps.translator,
          message.original_message,
          from,
          target,
          {
            timeoutMs: Math.min(deps.timeoutMs ?? DEFAULT_TRANSLATION_TIMEOUT_MS, remaining),
            protect: {
              names,
              glossary: glossaries.get(message.sender_id) ?? [],
            },
          },
        );
        texts.set(message.id, toReaderText(message.original_message, result));
        if (result.translated) {
          fresh.push({
            messageId: message.id,
            text: result.text,
            engine: result.engine ?? null,
            unknownWords: result.unknownWords ?? null,
          });
        }
      },
    );
    if (fresh.length > 0) {
      try {
        await deps.messages.replaceTranslations(
          fresh.map((row) => ({ ...row, language: target, failed: false })),
        );
      } catch (error) {
        deps.log.warn({ err: error }, 'storing history translations failed');
      }
    }
  }

  return page.map((message) => {
    const text = texts.get(message.id);
    return text ? readerView(message, text) : originalView(message);
  });
}
