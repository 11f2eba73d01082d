import { findLanguage, findLanguageByCode } from './languages';
import type { Capabilities, TranslationPair } from './protocol/meta';

/** How a message gets from one language to another, or null when it cannot. */
export type TranslationRoute =
  | { kind: 'same' }
  | { kind: 'direct' }
  | { kind: 'pivot'; via: string };

/** An ISO code for a language given by code ('to') or by picker name ('Tongan'); else undefined. */
export function languageCodeOf(language: string | null | undefined): string | undefined {
  if (typeof language !== 'string' || language.trim() === '') return undefined;
  const trimmed = language.trim();
  return findLanguageByCode(trimmed)?.code ?? findLanguage(trimmed)?.code ?? undefined;
}

/**
 * The route the server's translator takes between two languages (names or ISO codes): a listed
 * pair (direct, or with its `via`), else two direct listed pairs through a common pivot language —
 * the rule the server uses for engines that only report direct pairs. Unknown languages → null.
 */
export function translationRoute(
  capabilities: Pick<Capabilities, 'translation'>,
  from: string | null | undefined,
  to: string | null | undefined,
): TranslationRoute | null {
  const source = languageCodeOf(from);
  const target = languageCodeOf(to);
  if (source === undefined || target === undefined) return null;
  if (source === target) return { kind: 'same' };
  const pairs = capabilities.translation?.pairs ?? [];
  const listed = pairs.find((pair) => pair.from === source && pair.to === target);
  if (listed) return listed.via ? { kind: 'pivot', via: listed.via } : { kind: 'direct' };
  const direct = (pair: TranslationPair) => pair.via === undefined || pair.via === null;
  for (const first of pairs) {
    if (first.from !== source || !direct(first) || first.to === target) continue;
    if (pairs.some((second) => direct(second) && second.from === first.to && second.to === target))
      return { kind: 'pivot', via: first.to };
  }
  return null;
}

/** True when a message in `from` reaches a reader of `to` in their language (same language: true). */
export function canTranslate(
  capabilities: Pick<Capabilities, 'translation'>,
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  return translationRoute(capabilities, from, to) !== null;
}
