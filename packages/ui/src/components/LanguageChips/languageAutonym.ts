/**
 * A language's name in that language ('es' -> 'Español', 'de' -> 'Deutsch'), as people look for
 * their own language in a list. Capitalised the language's way; the code itself when the browser
 * does not know it.
 */
export function languageAutonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (!name || name === code) return code.toUpperCase();
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code.toUpperCase();
  }
}
