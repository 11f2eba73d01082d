import { LANGUAGES, languageForEngineCode } from '@parley/chat-sdk';

const SDK_CODES: ReadonlySet<string> = new Set(LANGUAGES.map((language) => language.code));

/** Whether the sdk's picker table has this code. */
export function isSdkLanguageCode(code: string): boolean {
  return SDK_CODES.has(code);
}

/**
 * An engine's language code ('spa', 'es', 'zh-Hans', 'nob'…) as the sdk's picker code ('es',
 * 'zh', 'no'), or undefined when no picker language has it. The codes come from the sdk's one
 * language table. Regional variants map to the base language only when `allowVariants` is set;
 * Apertium's variants are skipped instead.
 */
export function sdkLanguageCode(engineCode: string, allowVariants = false): string | undefined {
  const code = languageForEngineCode(engineCode, allowVariants)?.code;
  return code !== undefined && SDK_CODES.has(code) ? code : undefined;
}
