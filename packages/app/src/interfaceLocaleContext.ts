/**
 * The interface locale as the app's routes see it (issue 27): the active locale (re-rendering on
 * every switch) and the control that changes it (the signed-out switcher, Settings).
 */
import {
  type InterfaceLocale,
  interfaceLocale,
  onInterfaceLocaleChange,
} from '@parley/chat-sdk/i18n';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { InterfaceLocaleControl } from './interfaceLocale';

export const InterfaceLocaleContext = createContext<InterfaceLocaleControl | null>(null);

/** The locale the interface speaks now; the component re-renders when it changes. */
export function useActiveInterfaceLocale(): InterfaceLocale {
  return useSyncExternalStore(onInterfaceLocaleChange, interfaceLocale, interfaceLocale);
}

export function useInterfaceLocaleControl(): InterfaceLocaleControl {
  const control = useContext(InterfaceLocaleContext);
  if (!control) throw new Error('The interface locale is started in main.tsx before rendering.');
  return control;
}
