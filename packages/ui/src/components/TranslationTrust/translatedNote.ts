import { UI_STRINGS } from '../../strings';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';

const T = UI_STRINGS.translation;
const TT = TRANSLATION_TRUST_STRINGS;

/**
 * The note before 'View original' (issue 26): the source language and, when the server says so,
 * the engine: 'Translated from English by Apertium'. A backend that names no engine keeps
 * today's 'Translated from English'. Each variant is one whole catalog sentence.
 */
export function translatedNote(sourceName: string | null, engine: string | undefined): string {
  if (engine) return sourceName ? TT.translatedFromBy(sourceName, engine) : TT.translatedBy(engine);
  return sourceName ? T.translatedFrom(sourceName) : T.translated;
}
