import { afterEach, describe, expect, it } from 'vitest';
import { displayLanguageName, setInterfaceLocale } from '../src/i18n';

afterEach(async () => {
  await setInterfaceLocale('en');
});

describe('displayLanguageName', () => {
  it('names a language in the interface locale, from its code or its picker name', () => {
    expect(displayLanguageName('en', 'es')).toBe('inglés');
    expect(displayLanguageName('English', 'es')).toBe('inglés');
    expect(displayLanguageName('English', 'fr')).toBe('anglais');
    expect(displayLanguageName('en', 'ar')).toBe('الإنجليزية');
    expect(displayLanguageName('haitian creole', 'fr')).toBe('créole haïtien');
  });

  it('keeps the picker names exactly in English', () => {
    expect(displayLanguageName('Spanish', 'en')).toBe('Spanish');
    expect(displayLanguageName('es', 'en')).toBe('Spanish');
    expect(displayLanguageName('ht', 'en')).toBe('Haitian Creole');
    expect(displayLanguageName('tpi', 'en')).toBe('Tok Pisin');
  });

  it('falls back to the English name when Intl has none', () => {
    expect(displayLanguageName('xx', 'es')).toBe('xx');
    expect(displayLanguageName('Klingon', 'es')).toBe('Klingon');
    expect(displayLanguageName('', 'es')).toBe('');
  });

  it('follows the active interface locale by default', async () => {
    expect(displayLanguageName('es')).toBe('Spanish');
    await setInterfaceLocale('es');
    expect(displayLanguageName('en')).toBe('inglés');
  });
});
