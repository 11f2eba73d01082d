import { beforeAll, describe, expect, it } from 'vitest';
import {
  priceLine,
  TEST_CHECKOUT_TEXT,
  testCheckoutPage,
} from '../src/billing/testCheckoutPage.js';
import { FIELD_MESSAGES } from '../src/http/bodyFields.js';
import {
  INTERNAL_ERROR_DETAIL,
  MALFORMED_MULTIPART_DETAIL,
  NOT_FOUND_DETAIL,
} from '../src/http/errors.js';
import { translateText } from '../src/i18n/answerLanguage.js';
import { localizeFrame, socketLocale } from '../src/i18n/frameLanguage.js';
import { loadSdkTexts, textsFor } from '../src/i18n/serverTexts.js';
import { bytesInWords, LIMIT_MESSAGES, waitInWords } from '../src/limits/limitMessages.js';
import { MODERATION_MESSAGES } from '../src/moderation/moderationMessages.js';
import { translationLimitWarning, VOICE_LIMIT_DETAIL } from '../src/usage/planLimits.js';

// Issue 27: the catalog's English is the spec's English, byte for byte, and the answers' boundary
// finds each English text's message again to write it in another locale.
const en = () => textsFor('en').server;

beforeAll(() => loadSdkTexts());

describe('the server catalog in English', () => {
  it('renders every function of the message modules exactly as they write it', () => {
    for (const wait of [1, 45, 60, 61, 3600, 7201].map(waitInWords)) {
      expect(en().limits.posts(wait)).toBe(LIMIT_MESSAGES.posts(wait));
      expect(en().limits.reports(wait)).toBe(LIMIT_MESSAGES.reports(wait));
      expect(en().limits.connectionRequestsPair(wait)).toBe(
        LIMIT_MESSAGES.connectionRequestsPair(wait),
      );
      expect(en().limits.connectionRequests(wait)).toBe(LIMIT_MESSAGES.connectionRequests(wait));
      expect(en().limits.signUps(wait)).toBe(LIMIT_MESSAGES.signUps(wait));
      expect(en().limits.signIns(wait)).toBe(LIMIT_MESSAGES.signIns(wait));
      expect(en().limits.messageSearches(wait)).toBe(LIMIT_MESSAGES.messageSearches(wait));
      expect(en().limits.newAccountConnectionRequests(wait)).toBe(
        LIMIT_MESSAGES.newAccountConnectionRequests(wait),
      );
      expect(en().limits.newAccountStrangerMessages(wait)).toBe(
        LIMIT_MESSAGES.newAccountStrangerMessages(wait),
      );
    }
    for (const n of [1, 2, 59]) {
      expect(en().limits.seconds(n)).toBe(waitInWords(n));
      expect(en().limits.minutes(n)).toBe(waitInWords(n * 60));
      expect(en().limits.hours(n)).toBe(waitInWords(n * 3600));
    }
    expect(en().limits.storageFull(bytesInWords(1024 ** 3))).toBe(
      LIMIT_MESSAGES.storageFull(bytesInWords(1024 ** 3)),
    );
    expect(en().fields.maxLength(5000)).toBe(FIELD_MESSAGES.maxLength(5000));
    expect(en().fields.invalidChoice('xx')).toBe(FIELD_MESSAGES.invalidChoice('xx'));
    const until = new Date('2031-02-03T04:05:00Z');
    expect(en().moderation.suspendedUntil('2031-02-03 04:05')).toBe(
      MODERATION_MESSAGES.suspended(until),
    );
    expect(en().moderation.suspendedUntilLifted).toBe(MODERATION_MESSAGES.suspended(null));
    const warning = translationLimitWarning();
    expect(en().plans.translationLimitTitle).toBe(warning.title);
    expect(en().plans.translationLimit(5)).toBe(warning.message);
    expect(en().plans.voiceLimit(1)).toBe(VOICE_LIMIT_DETAIL);
    expect(en().checkout.banner).toBe(TEST_CHECKOUT_TEXT.banner);
    expect(priceLine('organization', 12)).toBe('12 users × $5.00 = $60.00 per month');
    expect(priceLine('personal', 1)).toBe('$9.99 per month, 1 user');
    expect(priceLine('lifetime', 1)).toBe('$99.00 one-time');
    expect(priceLine('organization', 12, 'es')).toBe('12 usuarios × $5.00 = $60.00 al mes');
    expect(en().errors.internal).toBe(INTERNAL_ERROR_DETAIL);
    expect(en().errors.notFound).toBe(NOT_FOUND_DETAIL);
    expect(en().errors.malformedMultipart).toBe(MALFORMED_MULTIPART_DETAIL);
  });
});

describe('translateText', () => {
  it('leaves English, and text the catalog does not hold, as it is', () => {
    expect(translateText(NOT_FOUND_DETAIL, 'en')).toBe(NOT_FOUND_DETAIL);
    expect(translateText('Something nobody wrote.', 'es')).toBe('Something nobody wrote.');
  });

  it('finds plain messages, the sdk’s included', () => {
    expect(translateText(NOT_FOUND_DETAIL, 'es')).toBe('No encontrado.');
    expect(translateText('Invalid username or password', 'fr')).toBe(
      'Nom d’utilisateur ou mot de passe incorrect',
    );
  });

  it('finds messages with placeholders, and a value that is itself a message', () => {
    expect(translateText(LIMIT_MESSAGES.signIns(waitInWords(300)), 'es')).toBe(
      'Demasiados intentos de inicio de sesión. Vuelve a intentarlo en 5 minutos.',
    );
    expect(translateText(LIMIT_MESSAGES.signIns(waitInWords(1)), 'ar')).toBe(
      'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى بعد ثانية واحدة.',
    );
    expect(translateText(FIELD_MESSAGES.maxLength(500), 'de')).toBe(
      'Dieses Feld darf höchstens 500 Zeichen lang sein.',
    );
    expect(translateText(VOICE_LIMIT_DETAIL, 'zh')).toBe(
      '免费方案每天可翻译 1 条语音消息。升级即可使用全部功能。',
    );
  });
});

describe('the test checkout page', () => {
  it('speaks the browser’s locale, right to left for Arabic', () => {
    const english = testCheckoutPage('c1', 'personal', 1);
    expect(english).toContain('<html lang="en" dir="ltr">');
    expect(english).toContain('<title>Test checkout — Personal</title>');
    expect(english).toContain(TEST_CHECKOUT_TEXT.banner);
    const arabic = testCheckoutPage('c1', 'lifetime', 1, 'ar');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('>ادفع</button>');
    expect(arabic).toContain('$99.00 دفعة واحدة');
  });
});

describe('socket frames', () => {
  it('word the server’s sentences in the socket’s locale, and leave English and other frames alone', () => {
    const warning = translationLimitWarning();
    expect(localizeFrame(warning, 'en')).toBe(warning);
    expect(localizeFrame(warning, 'es')).toMatchObject({
      type: 'tier_limit_warning',
      title: 'Has alcanzado el límite diario de traducciones',
      actions: warning.actions,
    });
    const serialized = JSON.stringify({
      type: 'error',
      code: 'rate_limited',
      detail: LIMIT_MESSAGES.frames,
    });
    expect(JSON.parse(localizeFrame(serialized, 'de') as string)).toEqual({
      type: 'error',
      code: 'rate_limited',
      detail: 'Zu viele Nachrichten an den Server; diese wurde verworfen.',
    });
    const message = JSON.stringify({ type: 'chat_message', message: 'Not found.' });
    expect(localizeFrame(message, 'de')).toBe(message);
    expect(socketLocale('fr-CA', { interfaceLanguage: 'ar' })).toBe('fr');
    expect(socketLocale(undefined, { interfaceLanguage: 'ar' })).toBe('ar');
    expect(socketLocale(undefined, { interfaceLanguage: null })).toBe('en');
  });
});
