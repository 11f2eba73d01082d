/**
 * The interface locale as ParleyProvider applies it (issue 27): the locale a partner or the app asks
 * for, the locale the words are in right now, and a partner's own wording for some messages.
 */
import {
  type InterfaceLocale,
  interfaceI18n,
  interfaceLocale,
  onInterfaceLocaleChange,
  SOURCE_LOCALE,
  setInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** A partner's own wording, by message id ('ui.navigation.logout'): plain text, no placeholders. */
export type MessageOverrides = Partial<Record<string, string>>;

function subscribe(onChange: () => void): () => void {
  const stop = onInterfaceLocaleChange(onChange);
  return () => {
    stop();
  };
}

/**
 * Puts the overrides into the active locale's messages. A switch replaces that locale's messages
 * (Lingui's loadAndActivate), so this runs again after every switch, before the tree re-renders.
 */
function applyOverrides(overrides: MessageOverrides | undefined) {
  if (!overrides) return;
  const plain: Record<string, string> = {};
  for (const [id, text] of Object.entries(overrides))
    if (typeof text === 'string') plain[id] = text;
  interfaceI18n.load(interfaceI18n.locale, plain);
}

export interface InterfaceLocaleRoot {
  /** The locale the words are in now: the key of the provider's subtree. */
  active: InterfaceLocale;
  /** False only while a first, non-English locale's messages are on their way. */
  ready: boolean;
}

/**
 * Switches the shared interface locale to `locale` when given and follows every switch (made here,
 * by the app or by another provider). The children wait for a first non-English locale's words
 * (never shown in English, then again in Spanish); a later switch keeps the old words on screen
 * until the new ones are in. A chunk that cannot load leaves the words as they are.
 */
export function useInterfaceLocaleRoot(
  locale: InterfaceLocale | undefined,
  overrides: MessageOverrides | undefined,
): InterfaceLocaleRoot {
  const overridesRef = useRef(overrides);
  overridesRef.current = overrides;
  const follow = useCallback(
    (onChange: () => void) =>
      subscribe(() => {
        applyOverrides(overridesRef.current);
        onChange();
      }),
    [],
  );
  const active = useSyncExternalStore(follow, interfaceLocale, interfaceLocale);
  const [failed, setFailed] = useState<InterfaceLocale | null>(null);
  const shown = useRef(false);

  // Before the first paint, so a partner's wording is there from the first frame.
  useLayoutEffect(() => {
    applyOverrides(overrides);
  }, [overrides]);

  useEffect(() => {
    if (!locale) return;
    let current = true;
    setInterfaceLocale(locale).catch(() => {
      if (current) setFailed(locale);
    });
    return () => {
      current = false;
    };
  }, [locale]);

  const ready =
    shown.current || !locale || locale === SOURCE_LOCALE || active === locale || failed === locale;
  if (ready) shown.current = true;
  return { active, ready };
}
