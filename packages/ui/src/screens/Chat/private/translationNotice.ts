import { type Capabilities, displayLanguageName, translationReach } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../../strings';

/** A language's name in the interface locale, whether the server gave a name or an ISO code. */
function languageLabel(language: string): string {
  return displayLanguageName(language);
}

/**
 * What the header says when messages of this private chat are not translated, or null. Which way
 * a pair is translated is the sdk's rule (translationReach, from /meta/capabilities); the words are
 * the ui's.
 */
export function translationNoticeFor(
  capabilities: Pick<Capabilities, 'translation'> | null,
  mine: string | null | undefined,
  theirs: string | null | undefined,
): string | null {
  const reach = translationReach(capabilities, mine, theirs);
  const T = UI_STRINGS.translation;
  if (reach.kind === 'neither' && mine && theirs)
    return T.pairUnsupported(languageLabel(mine), languageLabel(theirs));
  if (reach.kind === 'one-way') {
    const { from, to } = reach.untranslated;
    return T.directionUnsupported(languageLabel(from), languageLabel(to));
  }
  return null;
}
