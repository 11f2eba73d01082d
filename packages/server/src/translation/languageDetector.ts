import { sdkLanguageCode } from './languageCodes.js';

export interface LanguageDetection {
  /** An sdk language code. */
  language: string;
  /** 0–1, the detector's score for `language`. */
  confidence: number;
  /** The detector's own judgement that the text was long and distinctive enough. */
  reliable: boolean;
  /** Scores of the other candidates by sdk code, when the detector gives them. */
  scores?: Record<string, number>;
}

export interface LanguageDetector {
  /** 'eld', 'libretranslate'…: what GET /meta/capabilities reports. */
  readonly engine: string;
  /** The sdk codes it can recognise. */
  languages(): Promise<string[]>;
  /** Its best guess, or null when it has none. */
  detect(text: string): Promise<LanguageDetection | null>;
  /** Loads what `detect` needs ahead of the first call, when that is slow. */
  warm?(): Promise<void>;
}

interface EldResult {
  language: string;
  getScores(): Record<string, number>;
  isReliable(): boolean;
}

interface Eld {
  detect(text: string): EldResult;
  info(): { Languages: Record<number, string> };
}

/**
 * The languages of eld's medium table (its `info().Languages`), so that GET /meta/capabilities
 * can list them without loading the table; a test keeps the two equal.
 */
export const ELD_MEDIUM_LANGUAGES: readonly string[] = (
  'am ar az be bg bn ca cs da de el en es et eu fa fi fr gu he hi hr hu hy is it ja ka kn ko ku ' +
  'lo lt lv ml mr ms nl no or pa pl pt ro ru sk sl sq sr sv ta te th tl tr uk ur vi yo zh'
).split(' ');

/**
 * eld (efficient language detector, offline, ~60 languages) with its medium n-gram table,
 * loaded on first use: the import takes 1–4 s and holds about 190 MB resident (60 MB of
 * JavaScript heap, the rest V8's parse of a 2 MB object literal), the largest part of an idle
 * server's memory if it were loaded at start.
 */
export class EldLanguageDetector implements LanguageDetector {
  readonly engine = 'eld';
  private eld: Promise<Eld> | null = null;

  private load(): Promise<Eld> {
    this.eld ??= import('eld/medium').then((module) => module.eld as unknown as Eld);
    return this.eld;
  }

  async warm(): Promise<void> {
    await this.load();
  }

  async languages(): Promise<string[]> {
    const codes = ELD_MEDIUM_LANGUAGES.map((code) => sdkLanguageCode(code));
    return [...new Set(codes.filter((code): code is string => code !== undefined))].sort();
  }

  async detect(text: string): Promise<LanguageDetection | null> {
    const eld = await this.load();
    const result = eld.detect(text);
    const language = result.language ? sdkLanguageCode(result.language) : undefined;
    if (!language) return null;
    const scores: Record<string, number> = {};
    for (const [code, score] of Object.entries(result.getScores())) {
      const sdkCode = sdkLanguageCode(code);
      if (sdkCode) scores[sdkCode] = score;
    }
    return {
      language,
      confidence: scores[language] ?? 0,
      reliable: result.isReliable(),
      scores,
    };
  }
}

/** Shared by the server: one eld table in memory however many callers. */
export const eldLanguageDetector: LanguageDetector = new EldLanguageDetector();

/** Below this many letters a message keeps the sender's profile language. */
export const MIN_DETECTION_LETTERS = 20;
/** The detected language must score at least this… */
export const MIN_DETECTION_CONFIDENCE = 0.5;
/** …and this much above the profile language, or the profile language wins. */
export const MIN_DETECTION_MARGIN = 0.1;

function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/**
 * The language a message is written in: the sender's profile language unless the text is long
 * enough and the detector is confident it is another one (short messages such as 'ok', names
 * and emoji say nothing reliable about their language).
 */
export async function detectMessageLanguage(
  text: string,
  profileLanguageCode: string,
  detector: LanguageDetector = eldLanguageDetector,
): Promise<string> {
  if (countLetters(text) < MIN_DETECTION_LETTERS) return profileLanguageCode;
  let detection: LanguageDetection | null;
  try {
    detection = await detector.detect(text);
  } catch {
    return profileLanguageCode;
  }
  if (!detection?.reliable || detection.language === profileLanguageCode) {
    return profileLanguageCode;
  }
  if (detection.confidence < MIN_DETECTION_CONFIDENCE) return profileLanguageCode;
  const profileScore = detection.scores?.[profileLanguageCode] ?? 0;
  if (detection.confidence - profileScore < MIN_DETECTION_MARGIN) return profileLanguageCode;
  return detection.language;
}
