import { findLanguage, findLanguageByCode } from './languages';
import type { Capabilities, TranslationPair } from './protocol/meta';

/**
 * The routing rule shared by the server (which computes the routes it offers) and the sdk (which
 * reads them from GET /meta/capabilities, or computes them itself for an engine that lists only
 * direct pairs). Pure: no I/O, no engine knowledge.
 */

/** At most two pivot languages: three engine hops. Each hop loses meaning, so no more. */
export const MAX_TRANSLATION_PIVOTS = 2;

/**
 * Pivot languages by how well engines translate into and out of them, best first. Apertium's
 * English, Spanish and Catalan pairs are its most used and maintained; a chain through them beats
 * one of the same length through a smaller pair. Other languages come after, in code order.
 */
export const PIVOT_PREFERENCE: readonly string[] = Object.freeze([
  'en',
  'es',
  'ca',
  'fr',
  'pt',
  'it',
  'gl',
  'sh',
]);

/** How a message gets from one language to another, or null when it cannot. */
export type TranslationRoute =
  | { kind: 'same' }
  | { kind: 'direct' }
  /** `via`: the pivot languages in order (one or two). */
  | { kind: 'pivot'; via: string[] };

/** One direction an engine translates in by itself, e.g. `{ from: 'en', to: 'es' }`. */
export interface TranslationDirection {
  from: string;
  to: string;
}

function pivotCost(code: string): number {
  const rank = PIVOT_PREFERENCE.indexOf(code);
  return rank >= 0 ? rank : PIVOT_PREFERENCE.length;
}

/**
 * Every route through the graph of `directions`: direct where a direction exists, else the
 * shortest chain of at most `maxPivots` pivots, and among equally short chains the one through the
 * best-known pivots (PIVOT_PREFERENCE). One-way directions are only followed their own way.
 * The answer lists direct pairs without `via` and pivoted ones with their `via` chain, sorted by
 * source then target so it is stable.
 */
export function planTranslationRoutes(
  directions: readonly TranslationDirection[],
  options: { maxPivots?: number } = {},
): TranslationPair[] {
  const maxHops = (options.maxPivots ?? MAX_TRANSLATION_PIVOTS) + 1;
  const next = new Map<string, Set<string>>();
  for (const { from, to } of directions) {
    if (from === to) continue;
    let targets = next.get(from);
    if (!targets) {
      targets = new Set();
      next.set(from, targets);
    }
    targets.add(to);
  }
  const routes: TranslationPair[] = [];
  for (const source of [...next.keys()].sort()) {
    // Breadth first, one hop per layer: a language is reached first by its shortest chains, and
    // of those the cheapest is kept (each chain extends the cheapest chain to its predecessor).
    const best = new Map<string, { via: string[]; cost: number }>([[source, { via: [], cost: 0 }]]);
    let layer = [source];
    for (let hop = 1; hop <= maxHops && layer.length > 0; hop += 1) {
      const reached = new Map<string, { via: string[]; cost: number }>();
      for (const from of layer) {
        const path = best.get(from) as { via: string[]; cost: number };
        const via = from === source ? [] : [...path.via, from];
        const cost = from === source ? 0 : path.cost + pivotCost(from);
        for (const to of next.get(from) ?? []) {
          if (best.has(to)) continue;
          const known = reached.get(to);
          if (!known || cost < known.cost || (cost === known.cost && via.join() < known.via.join()))
            reached.set(to, { via, cost });
        }
      }
      for (const [to, path] of reached) best.set(to, path);
      layer = [...reached.keys()];
    }
    best.delete(source);
    for (const to of [...best.keys()].sort()) {
      const { via } = best.get(to) as { via: string[] };
      routes.push(via.length === 0 ? { from: source, to } : { from: source, to, via });
    }
  }
  return routes;
}

/** `via` as a list: servers before Parley 0.2 sent one pivot as a string. */
function viaList(via: TranslationPair['via'] | string | null | undefined): string[] {
  if (typeof via === 'string') return via === '' ? [] : [via];
  return Array.isArray(via) ? via.filter((code) => typeof code === 'string') : [];
}

const plannedFromDirect = new WeakMap<readonly TranslationPair[], TranslationPair[]>();

/**
 * The routes a capabilities answer stands for: its list as given when the server computed routes
 * (some pair has a `via`), else the routes through its direct pairs (an engine such as
 * LibreTranslate that lists only what it translates by itself, or a backend of its own).
 */
function routesOf(pairs: readonly TranslationPair[]): readonly TranslationPair[] {
  if (pairs.some((pair) => viaList(pair.via).length > 0)) return pairs;
  let planned = plannedFromDirect.get(pairs);
  if (!planned) {
    planned = planTranslationRoutes(pairs);
    plannedFromDirect.set(pairs, planned);
  }
  return planned;
}

/** An ISO code for a language given by code ('to') or by picker name ('Tongan'); else undefined. */
export function languageCodeOf(language: string | null | undefined): string | undefined {
  if (typeof language !== 'string' || language.trim() === '') return undefined;
  const trimmed = language.trim();
  return findLanguageByCode(trimmed)?.code ?? findLanguage(trimmed)?.code ?? undefined;
}

/**
 * The route the server's translator takes between two languages (names or ISO codes), from
 * GET /meta/capabilities: a listed pair (direct, or with its `via` chain); when the server lists
 * only direct pairs, the route planTranslationRoutes finds through them. Unknown languages → null.
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
  const pairs = capabilities.translation?.pairs;
  if (!Array.isArray(pairs)) return null;
  const listed = routesOf(pairs).find((pair) => pair.from === source && pair.to === target);
  if (!listed) return null;
  const via = viaList(listed.via);
  return via.length > 0 ? { kind: 'pivot', via } : { kind: 'direct' };
}

/** True when a message in `from` reaches a reader of `to` in their language (same language: true). */
export function canTranslate(
  capabilities: Pick<Capabilities, 'translation'>,
  from: string | null | undefined,
  to: string | null | undefined,
): boolean {
  return translationRoute(capabilities, from, to) !== null;
}

/**
 * Whether the two people of a private chat read each other in their own languages:
 * `unknown` (no capabilities yet, or a language missing), `both` (each way translated, or the same
 * language), `neither`, or `one-way` with the direction that is not translated.
 */
export type TranslationReach =
  | { kind: 'unknown' }
  | { kind: 'both' }
  | { kind: 'neither' }
  | { kind: 'one-way'; untranslated: TranslationDirection };

/** The reach between my language and theirs (names or ISO codes), from GET /meta/capabilities. */
export function translationReach(
  capabilities: Pick<Capabilities, 'translation'> | null | undefined,
  mine: string | null | undefined,
  theirs: string | null | undefined,
): TranslationReach {
  if (!capabilities || !mine || !theirs) return { kind: 'unknown' };
  const toMe = canTranslate(capabilities, theirs, mine);
  const toThem = canTranslate(capabilities, mine, theirs);
  if (toMe && toThem) return { kind: 'both' };
  if (!toMe && !toThem) return { kind: 'neither' };
  return {
    kind: 'one-way',
    untranslated: toMe ? { from: mine, to: theirs } : { from: theirs, to: mine },
  };
}
