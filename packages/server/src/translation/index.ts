export { AmazonTranslator, type AmazonTranslatorOptions } from './amazonTranslator.js';
export { ApertiumCli, type ApertiumCliOptions } from './apertiumCli.js';
export {
  cleanApertiumOutput,
  MAX_UNKNOWN_WORD_SHARE,
  stripUnknownWordMarks,
  unknownWordShare,
} from './apertiumOutput.js';
export { ApertiumTranslator, type ApertiumTranslatorOptions } from './apertiumTranslator.js';
export { type ApyLog, type ApyPair, ApyProcess, type ApyProcessOptions } from './apyProcess.js';
export { AzureTranslator, type AzureTranslatorOptions } from './azureTranslator.js';
export { DeepLTranslator, type DeepLTranslatorOptions } from './deeplTranslator.js';
export { GoogleTranslator, type GoogleTranslatorOptions } from './googleTranslator.js';
export { isSdkLanguageCode, sdkLanguageCode } from './languageCodes.js';
export {
  detectMessageLanguage,
  EldLanguageDetector,
  eldLanguageDetector,
  type LanguageDetection,
  type LanguageDetector,
  MIN_DETECTION_CONFIDENCE,
  MIN_DETECTION_LETTERS,
  MIN_DETECTION_MARGIN,
} from './languageDetector.js';
export {
  LibreTranslateLanguageDetector,
  type LibreTranslateOptions,
  LibreTranslateTranslator,
} from './libreTranslateTranslator.js';
export { NoneTranslator } from './noneTranslator.js';
export {
  onlyStandIns,
  type ProtectedWords,
  restoreText,
  type ShieldedText,
  shieldText,
} from './protectedText.js';
export { protectingTranslator } from './protectingTranslator.js';
export {
  DEFAULT_TRANSLATION_TIMEOUT_MS,
  type SafeTranslation,
  type TranslateSafelyOptions,
  translateSafely,
} from './translateSafely.js';
export {
  CachedTranslator,
  DEFAULT_TRANSLATION_CACHE_ENTRIES,
  LruCache,
} from './translationCache.js';
export {
  ROUTABLE_ENGINES,
  type RoutableEngine,
  readTranslatorsList,
  translationRouterFromEnv,
} from './translationEnginesFromEnv.js';
export { TranslationPairs, type TranslationRoute } from './translationPairs.js';
export {
  DEFAULT_ENGINE_TIMEOUT_MS,
  type EngineUsageLedger,
  type RoutedEngine,
  TranslationRouter,
  type TranslationRouterOptions,
} from './translationRouter.js';
export { TranslationUsageLedger, utcDay } from './translationUsageLedger.js';
export {
  TRANSLATION_FAILURES,
  type TranslateOptions,
  TranslationEngineError,
  TranslationError,
  type TranslationFailure,
  type TranslationPair,
  type TranslationResult,
  TranslationTimeoutError,
  type Translator,
  type TranslatorCapabilities,
  toTranslationError,
  UnreliableTranslationError,
  UnsupportedPairError,
} from './translator.js';
export {
  isOnPath,
  TRANSLATOR_KINDS,
  type TranslatorKind,
  translatorFromEnv,
} from './translatorFromEnv.js';
