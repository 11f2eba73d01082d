export { CombinedCorrector } from './combinedCorrector.js';
export {
  CHECKS_PER_MINUTE,
  CORRECTION_ROUTE_MESSAGES,
  type CorrectionsPluginOptions,
  correctionsPlugin,
} from './correctionRoutes.js';
export {
  type CheckOptions,
  CORRECTION_MESSAGES,
  type Correction,
  type Corrector,
  CorrectorUnavailableError,
  MAX_CHECK_LENGTH,
  MAX_REPLACEMENTS,
  MAX_SUGGESTED_WORDS,
  UnsupportedLanguageError,
} from './corrector.js';
export { CORRECTOR_KINDS, type CorrectorKind, correctorFromEnv } from './correctorFromEnv.js';
export {
  DEFAULT_HUNSPELL_DICTIONARY_DIRS,
  HUNSPELL_DICTIONARIES,
  HunspellCorrector,
  type HunspellCorrectorOptions,
} from './hunspellCorrector.js';
export {
  LANGUAGETOOL_CODES,
  LanguageToolCorrector,
  type LanguageToolOptions,
} from './languageToolCorrector.js';
export { NoneCorrector } from './noneCorrector.js';
export {
  NSPELL_DICTIONARIES,
  NspellCorrector,
  type NspellCorrectorOptions,
} from './nspellCorrector.js';
