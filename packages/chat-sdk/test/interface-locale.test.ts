import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_LANGUAGE_OF_LOCALE,
  chooseInterfaceLocale,
  findLanguage,
  INTERFACE_LOCALES,
  icu,
  interfaceI18n,
  interfaceLocale,
  localize,
  matchInterfaceLocale,
  onInterfaceLocaleChange,
  parseAcceptLanguage,
  SDK_MESSAGES,
  setInterfaceLocale,
} from '../src';

afterEach(async () => {
  await setInterfaceLocale('en');
});

describe('interface locale (issue 27)', () => {
  it('speaks the sdk messages in the chosen locale and back, telling listeners', async () => {
    const seen: string[] = [];
    const stop = onInterfaceLocaleChange((locale) => seen.push(locale));
    expect(SDK_MESSAGES.invalidCredentials).toBe('Invalid username or password');
    await setInterfaceLocale('es');
    expect(interfaceLocale()).toBe('es');
    expect(SDK_MESSAGES.invalidCredentials).toBe('Usuario o contraseña no válidos');
    await setInterfaceLocale('zh');
    expect(SDK_MESSAGES.noMicrophone).toBe('未检测到麦克风。');
    await setInterfaceLocale('en');
    expect(SDK_MESSAGES.invalidCredentials).toBe('Invalid username or password');
    stop();
    expect(seen).toEqual(['es', 'zh', 'en']);
  });

  it('lets the last of two quick switches win', async () => {
    const first = setInterfaceLocale('fr');
    const second = setInterfaceLocale('de');
    await Promise.all([first, second]);
    expect(interfaceLocale()).toBe('de');
    expect(SDK_MESSAGES.emailTaken).toBe('Diese E-Mail-Adresse existiert bereits');
  });

  it('formats ICU plurals with CLDR rules and lists in the active locale', async () => {
    const strings = localize(
      'test',
      {
        followers: icu(
          '{count, plural, one {# follower} other {# followers}}',
          (count: number) => ({
            count,
          }),
        ),
        typing: icu(
          '{count, plural, one {{names} is typing...} other {{names} are typing...}}',
          (names: readonly string[]) => ({
            names,
            count: names.length,
          }),
        ),
        plain: 'Hello',
        sections: [{ heading: 'One', paragraphs: ['a', 'b'] }],
      },
      interfaceI18n,
    );
    // An uncompiled English ICU leaf is not in any catalog: the test loads its compiled form.
    interfaceI18n.load('en', {
      'test.followers': [
        ['count', 'plural', { one: ['#', ' follower'], other: ['#', ' followers'] }],
      ],
      'test.typing': [
        [
          'count',
          'plural',
          { one: [['names'], ' is typing...'], other: [['names'], ' are typing...'] },
        ],
      ],
    });
    expect(strings.followers(1)).toBe('1 follower');
    expect(strings.followers(1200)).toBe('1,200 followers');
    expect(strings.typing(['ana', 'bruno', 'chen'])).toBe('ana, bruno, chen are typing...');
    expect(strings.plain).toBe('Hello');
    expect(Object.keys(strings)).toEqual(['followers', 'typing', 'plain', 'sections']);
    expect(strings.sections.map((section) => section.paragraphs.join('+'))).toEqual(['a+b']);
    expect(Array.isArray(strings.sections)).toBe(true);
  });

  it('passes values through exactly, backslash sequences and noncharacters included', () => {
    const strings = localize(
      'test',
      { incoming: icu('{sender}: {text}', (sender: string, text: string) => ({ sender, text })) },
      interfaceI18n,
    );
    interfaceI18n.load('en', { 'test.incoming': [['sender'], ': ', ['text']] });
    const text = 'C:\\x41 \\u0042 \\\\u0043 \uFDD0\uFDD2 \\';
    expect(strings.incoming('ana\\u0044', text)).toBe(`ana\\u0044: ${text}`);
    expect(strings.incoming('ana', 'plain')).toBe('ana: plain');
  });

  it('chooses the person’s choice, then their chat language, then the browser, then English', () => {
    expect(chooseInterfaceLocale({ chosen: 'ar', language: 'Spanish', preferences: ['fr'] })).toBe(
      'ar',
    );
    expect(chooseInterfaceLocale({ chosen: null, language: 'Spanish', preferences: ['fr'] })).toBe(
      'es',
    );
    expect(chooseInterfaceLocale({ language: 'Tok Pisin', preferences: ['nl-NL', 'pt-BR'] })).toBe(
      'pt',
    );
    expect(chooseInterfaceLocale({ language: 'Tok Pisin', preferences: ['zh-TW', 'ja'] })).toBe(
      'en',
    );
    expect(matchInterfaceLocale('zh-Hans-CN')).toBe('zh');
    expect(matchInterfaceLocale('xx')).toBeUndefined();
    expect(chooseInterfaceLocale({ language: '  catalan ' })).toBe('ca');
  });

  it('names each locale’s chat language as the language picker does', () => {
    for (const locale of INTERFACE_LOCALES) {
      expect(findLanguage(CHAT_LANGUAGE_OF_LOCALE[locale])?.code).toBe(locale);
    }
  });

  it('reads an Accept-Language header best first, ignoring junk', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.95, *;q=0.1')).toEqual([
      'fr-CH',
      'de',
      'fr',
      'en',
    ]);
    expect(parseAcceptLanguage('es;q=abc, ;;;, ca;q=0')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
