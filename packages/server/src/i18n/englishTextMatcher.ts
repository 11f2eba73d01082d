/**
 * Which catalog message an English text is, and with what values (issue 27). The routes answer
 * with the spec's English, as they always did; the answer's boundary (answerLanguage.ts) asks this
 * which message a `detail` is and writes it again in the requester's locale. Plain messages are
 * looked up as they are; a message with placeholders is matched through its compiled English
 * (each plural or select branch a pattern of its own), so 'Try again in 5 minutes.' yields
 * {after: '5 minutes'}, itself the message `limits.minutes` with {count: 5}.
 */
import {
  type CatalogSource,
  type CompiledMessages,
  SDK_CATALOG,
  SDK_MESSAGE_SOURCE,
  sourceMessages,
} from '@parley/chat-sdk';
import { messages as englishCompiled } from './compiled/en.js';
import { SERVER_MESSAGE_SOURCE } from './serverMessageSource.js';

export interface MatchedText {
  id: string;
  /** The English ICU message (Lingui's fallback when a locale lacks the id). */
  message: string;
  values: Record<string, string | number>;
}

type Part = { text: string } | { arg: string; digits: boolean };
interface Pattern {
  id: string;
  message: string;
  regex: RegExp;
  args: { name: string; digits: boolean }[];
  fixed: Record<string, string | number>;
  literalLength: number;
}
interface Branching {
  parts: Part[];
  fixed: Record<string, string | number>;
}

/**
 * A text longer than this is only looked up as it is, never matched against the patterns: every
 * catalog message with its values is far shorter, and a pattern's lazy groups cost more than
 * linear time on a long text (a detail that carried a huge value someone sent).
 */
export const MAX_MATCHED_LENGTH = 600;

/** More than this many branch combinations in one message: the message is left unmatched. */
const MAX_BRANCHINGS = 64;

function expand(tokens: unknown, pluralName?: string): Branching[] {
  let out: Branching[] = [{ parts: [], fixed: {} }];
  for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
    let options: Branching[];
    if (typeof token === 'string') {
      options = [
        token === '#' && pluralName
          ? { parts: [{ arg: pluralName, digits: true }], fixed: {} }
          : { parts: [{ text: token }], fixed: {} },
      ];
    } else if (Array.isArray(token) && typeof token[0] === 'string') {
      const [name, kind, branches] = token as [string, string?, Record<string, unknown>?];
      if ((kind === 'plural' || kind === 'selectordinal' || kind === 'select') && branches) {
        options = [];
        for (const [key, branch] of Object.entries(branches)) {
          const plural = kind !== 'select';
          for (const inner of expand(branch, plural ? name : pluralName)) {
            const fixed = { ...inner.fixed };
            const counted = inner.parts.some((p) => 'arg' in p && p.arg === name);
            if (!plural) fixed[name] = key;
            else if (/^=?\d+$/.test(key)) fixed[name] = Number(key.replace('=', ''));
            else if (key === 'one' && !counted) fixed[name] = 1;
            else if (!counted) continue; // 'other' without '#': the count cannot be known
            options.push({ parts: inner.parts, fixed });
          }
        }
      } else options = [{ parts: [{ arg: name, digits: false }], fixed: {} }];
    } else return [];
    const next: Branching[] = [];
    for (const done of out)
      for (const option of options)
        next.push({
          parts: [...done.parts, ...option.parts],
          fixed: { ...done.fixed, ...option.fixed },
        });
    if (next.length > MAX_BRANCHINGS) return [];
    out = next;
  }
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternsOf(id: string, message: string, compiled: unknown): Pattern[] {
  return expand(compiled).map(({ parts, fixed }) => {
    const args: Pattern['args'] = [];
    let source = '';
    let literalLength = 0;
    for (const part of parts) {
      if ('text' in part) {
        source += escapeRegExp(part.text);
        literalLength += part.text.length;
      } else {
        args.push({ name: part.arg, digits: part.digits });
        source += part.digits ? '(\\d+)' : '(.+?)';
      }
    }
    return { id, message, regex: new RegExp(`^${source}$`, 's'), args, fixed, literalLength };
  });
}

function buildIndex() {
  const exact = new Map<string, MatchedText>();
  const patterns: Pattern[] = [];
  const add = (namespace: string, source: CatalogSource, compiled: CompiledMessages) => {
    for (const [id, message] of Object.entries(sourceMessages(namespace, source))) {
      const tokens = compiled[id];
      if (tokens === undefined) {
        if (!exact.has(message)) exact.set(message, { id, message, values: {} });
      } else patterns.push(...patternsOf(id, message, tokens));
    }
  };
  add('server', SERVER_MESSAGE_SOURCE, englishCompiled);
  add('sdk', SDK_MESSAGE_SOURCE, SDK_CATALOG.english);
  // The most specific pattern first: 'Try again in {after}.' must not win over a longer sentence.
  patterns.sort((a, b) => b.literalLength - a.literalLength);
  return { exact, patterns };
}

let index: ReturnType<typeof buildIndex> | undefined;

/** The catalog message `text` is (English, as the routes write it), or undefined. */
export function matchEnglishText(text: string): MatchedText | undefined {
  index ??= buildIndex();
  const plain = index.exact.get(text);
  if (plain) return plain;
  if (text.length > MAX_MATCHED_LENGTH) return undefined;
  for (const pattern of index.patterns) {
    const found = pattern.regex.exec(text);
    if (!found) continue;
    const values: Record<string, string | number> = { ...pattern.fixed };
    pattern.args.forEach(({ name, digits }, i) => {
      const value = found[i + 1] ?? '';
      values[name] = digits ? Number(value) : value;
    });
    return { id: pattern.id, message: pattern.message, values };
  }
  return undefined;
}
