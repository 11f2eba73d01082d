/**
 * Which language the app's interface speaks (issue 27), chosen before the first render and followed
 * afterwards without a reload. Signed in: the profile's interface language (Settings), else the chat
 * language when Parley's interface speaks it, else the browser's preferences. Signed out: what the
 * switcher on the landing, sign-in, registration or legal pages picked (kept in this browser), else
 * the browser's preferences. English when nothing matches. `<html lang dir>` follow every switch.
 * A signed-out choice becomes the account's own on signing in (or up) when the account has none.
 */
import {
  interfaceLanguageOf,
  readSignedOutLocale,
  rememberSignedOutLocale,
  type SessionClient,
  type StorageLike,
} from '@parley/chat-sdk/auth';
import {
  chooseInterfaceLocale,
  type InterfaceLocale,
  interfaceLocale,
  localeDirection,
  onInterfaceLocaleChange,
  setInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import type { CurrentUser } from '@parley/chat-sdk/protocol';
import { subscribe } from 'valtio/vanilla';

export interface LocaleSources {
  /** The signed-in person, or null when signed out. */
  user: Pick<CurrentUser, 'language' | 'interface_language'> | null;
  /** The signed-out switcher's remembered choice. */
  signedOutChoice: InterfaceLocale | null;
  /** `navigator.languages`. */
  preferences: readonly string[];
}

/** The locale for what is known now (the rule above). */
export function localeFor({ user, signedOutChoice, preferences }: LocaleSources): InterfaceLocale {
  if (user) {
    return chooseInterfaceLocale({
      chosen: interfaceLanguageOf(user),
      language: user.language,
      preferences,
    });
  }
  return chooseInterfaceLocale({ chosen: signedOutChoice, preferences });
}

/** `<html lang dir>` for a locale: Arabic lays the whole document out right to left. */
export function applyDocumentLocale(locale: InterfaceLocale, root: HTMLElement): void {
  root.lang = locale;
  root.dir = localeDirection(locale);
}

export interface InterfaceLocaleControl {
  /** The signed-out switcher: applies at once and is remembered in this browser (null: browser). */
  chooseSignedOut(locale: InterfaceLocale | null): Promise<void>;
  /** Settings' 'Interface language': applies at once and is saved to the profile (null: follow). */
  chooseInSettings(locale: InterfaceLocale | null): Promise<void>;
  /** Stops following the session and the document. */
  stop(): void;
}

export interface StartOptions {
  storage?: StorageLike | null;
  /** The browser's preferred languages; `navigator.languages` by default. */
  preferences?: readonly string[];
  /** The element given `lang` and `dir`; the document's root by default. */
  root?: HTMLElement;
  /** How long the first render waits for the locale's words (ms); 4 s by default. */
  firstRenderWaitMs?: number;
  /** Told when a locale's chunk could not be loaded (the interface stays as it was). */
  onLoadFailure?: (error: unknown) => void;
}

/**
 * Picks the locale once the persisted session is known and resolves when the interface speaks it
 * (its chunks downloaded), so the first render is already in the right language. Then follows every
 * change of the signed-in person (Settings, chat language, sign-in, sign-out).
 */
export async function startInterfaceLocale(
  client: SessionClient,
  options: StartOptions = {},
): Promise<InterfaceLocaleControl> {
  const root = options.root ?? document.documentElement;
  const preferences = options.preferences ?? globalThis.navigator?.languages ?? [];
  const onLoadFailure = options.onLoadFailure ?? (() => undefined);
  const stopDocument = onInterfaceLocaleChange((locale) => applyDocumentLocale(locale, root));

  await client.ready;
  let signedOutChoice = await readSignedOutLocale(options.storage);
  const state = client.session.state;
  const wanted = () =>
    localeFor({
      user: state.status === 'signedIn' ? state.user : null,
      signedOutChoice,
      preferences,
    });

  let target = wanted();
  const switchTo = async (locale: InterfaceLocale) => {
    target = locale;
    try {
      await setInterfaceLocale(locale);
    } catch (error) {
      onLoadFailure(error);
    }
  };
  // A stalled chunk must not keep the page blank: past the wait it renders in the current locale
  // and switches when the words arrive.
  await Promise.race([
    switchTo(target),
    new Promise((resolve) => setTimeout(resolve, options.firstRenderWaitMs ?? 4000)),
  ]);
  applyDocumentLocale(interfaceLocale(), root);

  let status = state.status;
  const stopSession = subscribe(state, () => {
    if (status === 'signedIn' && state.status === 'signedOut') {
      // Sign-out cleared every Parley key, the switcher's choice included.
      signedOutChoice = null;
    }
    if (
      status !== 'signedIn' &&
      state.status === 'signedIn' &&
      signedOutChoice &&
      !interfaceLanguageOf(state.user)
    ) {
      // A language picked on the sign-up or sign-in page becomes the account's choice when it has
      // none: the person keeps the interface they chose rather than their chat language's.
      void client.session.setInterfaceLanguage(signedOutChoice);
    }
    status = state.status;
    const locale = wanted();
    if (locale !== target) void switchTo(locale);
  });

  return {
    async chooseSignedOut(locale) {
      signedOutChoice = locale;
      await rememberSignedOutLocale(locale, options.storage);
      await switchTo(wanted());
    },
    async chooseInSettings(locale) {
      // Switches at once, while the session applies it to the profile and saves it (a failed save
      // is only logged: the choice holds on this device until the next sign-in).
      const user = state.user ? { ...state.user, interface_language: locale } : null;
      const switching = switchTo(localeFor({ user, signedOutChoice, preferences }));
      await Promise.all([client.session.setInterfaceLanguage(locale), switching]);
    },
    stop() {
      stopSession();
      stopDocument();
    },
  };
}
