/**
 * Catalogs of user-visible words (issue 27). Each package keeps ONE source catalog, written in
 * English as nested objects whose leaves are ICU messages: a plain string, or `icu(message, values)`
 * for a message with placeholders, plurals or selects. `localize` turns that source into the object
 * the code reads — the same shape, a string for each plain leaf and a function for each `icu` leaf —
 * whose words come from the active locale's compiled messages through Lingui's runtime, so call sites
 * read `STRINGS.chat.sent` or `STRINGS.social.followers(3)` whatever the language.
 *
 * Message ids are the leaf's path under the catalog's namespace ('ui.chat.sent'); translations live
 * in `<package>/src/i18n/messages/<locale>.json` (flat id → ICU message) and are compiled at build
 * time into `src/i18n/compiled/<locale>.ts` (`pnpm i18n:compile`) so no ICU parser ships.
 */
import type { I18n, Messages } from '@lingui/core';

/** The values an ICU message is formatted with. Arrays become a locale-formatted list ('a, b'). */
export type MessageValues = Readonly<Record<string, string | number | readonly string[] | Date>>;

const ICU = Symbol.for('parley.icu');

/** A source leaf with placeholders: the English ICU message and how its arguments become values. */
export interface IcuMessage<A extends unknown[]> {
  readonly [ICU]: true;
  readonly message: string;
  readonly values: (...args: A) => MessageValues;
}

/**
 * A message with placeholders. `values` maps the call's arguments onto the ICU placeholders, e.g.
 * `icu('{count, plural, one {# follower} other {# followers}}', (count: number) => ({ count }))`.
 */
export function icu<A extends unknown[]>(
  message: string,
  values: (...args: A) => MessageValues,
): IcuMessage<A> {
  return { [ICU]: true, message, values };
}

function isIcu(leaf: unknown): leaf is IcuMessage<unknown[]> {
  return typeof leaf === 'object' && leaf !== null && ICU in leaf;
}

// biome-ignore lint/suspicious/noExplicitAny: a source leaf may take any arguments.
export type CatalogLeaf = string | IcuMessage<any>;
/** A part of a catalog: named leaves and parts, or a list of them (sections of a legal page). */
export type CatalogNode = CatalogLeaf | CatalogSource | readonly CatalogNode[];
export interface CatalogSource {
  readonly [key: string]: CatalogNode;
}

/** What the code reads: the source's shape, with each leaf in the active locale. */
export type Localized<S> = {
  readonly [K in keyof S]: LocalizedNode<S[K]>;
};
type LocalizedNode<N> = N extends string
  ? string
  : N extends IcuMessage<infer A>
    ? (...args: A) => string
    : N extends readonly (infer E)[]
      ? readonly LocalizedNode<E>[]
      : Localized<N>;

/** Every leaf of a source catalog: its id and English ICU message, in source order. */
export function sourceMessages(namespace: string, source: CatalogSource): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: CatalogSource | readonly CatalogNode[], path: string) => {
    for (const [key, leaf] of Object.entries(node)) {
      const id = `${path}.${key}`;
      if (typeof leaf === 'string') out[id] = leaf;
      else if (isIcu(leaf)) out[id] = leaf.message;
      else walk(leaf as CatalogSource, id);
    }
  };
  walk(source, namespace);
  return out;
}

const listFormats = new Map<string, Intl.ListFormat>();

/*
 * Lingui decodes `\uXXXX` and `\xXX` in every formatted result, values included: a message preview
 * of someone's text "C:\x41" would read "C:A". Values therefore travel with their backslashes (and
 * the marker itself) written as two Unicode noncharacters, which are reserved for exactly such
 * internal use, and are restored after formatting.
 */
const MARK = '\uFDD0';
const MARK_AS_IS = '\uFDD1';
const BACKSLASH = '\uFDD2';
const NEEDS_GUARD = /[\\\uFDD0]/;
const GUARDED = /\uFDD0([\uFDD1\uFDD2])/g;

function guard(text: string): string {
  return text.replaceAll(MARK, MARK + MARK_AS_IS).replaceAll('\\', MARK + BACKSLASH);
}

function unguard(text: string): string {
  return text.replace(GUARDED, (_, kind: string) => (kind === BACKSLASH ? '\\' : MARK));
}

function formatValues(
  i18n: I18n,
  values: MessageValues,
): { values: Record<string, unknown>; guarded: boolean } {
  const out: Record<string, unknown> = {};
  let guarded = false;
  for (const [key, value] of Object.entries(values)) {
    let formatted: unknown = value;
    if (Array.isArray(value)) {
      const locale = i18n.locale;
      let format = listFormats.get(locale);
      if (!format) {
        // 'unit' lists read 'a, b, c' in English, as the source catalog always wrote them.
        format = new Intl.ListFormat(locale, { type: 'unit', style: 'short' });
        listFormats.set(locale, format);
      }
      formatted = format.format(value as readonly string[]);
    }
    if (typeof formatted === 'string' && NEEDS_GUARD.test(formatted)) {
      formatted = guard(formatted);
      guarded = true;
    }
    out[key] = formatted;
  }
  return { values: out, guarded };
}

/**
 * One message of `i18n`'s active locale with `values`: lists joined in the locale's way, and every
 * value passing through exactly as given (Lingui's escape decoding never reaches it, see above).
 * The one way Parley formats a catalog message, in the browser and on the server.
 */
export function formatMessage(
  i18n: I18n,
  id: string,
  message: string,
  values: MessageValues,
): string {
  const { values: formatted, guarded } = formatValues(i18n, values);
  const text = i18n._({ id, message, values: formatted });
  return guarded ? unguard(text) : text;
}

/**
 * The object the code reads for a source catalog, its words taken from `i18n`'s active locale
 * whenever a leaf is read (so one object serves every locale and a switch needs no new import).
 */
export function localize<S extends CatalogSource>(
  namespace: string,
  source: S,
  i18n: I18n,
): Localized<S> {
  const build = (node: CatalogSource | readonly CatalogNode[], path: string): object => {
    const out = Array.isArray(node) ? [] : {};
    for (const [key, leaf] of Object.entries(node)) {
      const id = `${path}.${key}`;
      if (typeof leaf === 'string') {
        Object.defineProperty(out, key, {
          enumerable: true,
          get: () => i18n._({ id, message: leaf }),
        });
      } else if (isIcu(leaf)) {
        const { message } = leaf;
        const format = (...args: unknown[]) =>
          formatMessage(i18n, id, message, leaf.values(...args));
        Object.defineProperty(out, key, { enumerable: true, value: format });
      } else {
        Object.defineProperty(out, key, {
          enumerable: true,
          value: build(leaf as CatalogSource, id),
        });
      }
    }
    return Object.freeze(out);
  };
  return build(source, namespace) as Localized<S>;
}

/** Compiled messages of one locale, as `pnpm i18n:compile` writes them. */
export type CompiledMessages = Messages;
