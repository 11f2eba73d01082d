import { type BioTranslation, languageCodeForName } from '@parley/chat-sdk';
import { type ChatTranslation, hasText, sourceLanguage } from '../chat/messageTranslation.js';
import { translateSafely } from '../translation/index.js';

/** A profile answer waits this long at most for its bio's translation (it shows as written after). */
const BIO_BUDGET_MS = 3_000;

/**
 * A bio in the reader's language (issue 25), through the chat's translation path: the same engine
 * with its cache in front, so a bio read again is not translated again. The bio's language is its
 * author's profile language unless the detector clearly disagrees. Nothing when the reader reads
 * that language, the bio is empty, or the engine cannot translate it (the bio then shows as
 * written). Never throws.
 */
export async function bioForReader(
  deps: ChatTranslation,
  bio: string,
  authorLanguage: string,
  readerLanguage: string,
): Promise<BioTranslation | undefined> {
  const to = languageCodeForName(readerLanguage);
  const profileCode = languageCodeForName(authorLanguage);
  if (!to || !profileCode || !hasText(bio)) return undefined;
  try {
    const from = await sourceLanguage(deps, bio, profileCode);
    if (from === to) return undefined;
    const answer = await translateSafely(deps.translator, bio, from, to, {
      timeoutMs: Math.min(deps.timeoutMs ?? BIO_BUDGET_MS, BIO_BUDGET_MS),
      onFailure: (error) => deps.log.warn({ err: error, from, to }, 'bio translation failed'),
    });
    if (!answer.translated || answer.text === bio) return undefined;
    return { text: answer.text, language: to, original_language: from };
  } catch (error) {
    deps.log.warn({ err: error }, 'bio translation failed');
    return undefined;
  }
}
