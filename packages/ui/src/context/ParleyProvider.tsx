import {
  type ParleyClient,
  PRODUCT_NAME,
  type SessionClient,
  type StateSnapshot,
  snapshotOfState,
  subscribeToState,
} from '@parley/chat-sdk';
import { type InterfaceLocale, localeDirection } from '@parley/chat-sdk/i18n';
import {
  type ComponentType,
  createContext,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { baseThemeClass, parleyRoot } from '../theme/baseTheme.css';
import { type MessageOverrides, useInterfaceLocaleRoot } from './useInterfaceLocaleRoot';

/** Props the app's link component receives; adapt your router's Link to them. */
export interface LinkComponentProps {
  href: string;
  className?: string;
  children?: ReactNode;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
  'aria-current'?: 'page';
}

export type LinkComponent = ComponentType<LinkComponentProps>;

interface ParleyContextValue {
  client: ParleyClient | SessionClient;
  productName: string;
  linkComponent: LinkComponent | undefined;
}

const ParleyContext = createContext<ParleyContextValue | null>(null);

export interface ParleyProviderProps {
  /**
   * One client per app, from createParleyClient(). The signed-out screens (sign-in, registration,
   * landing, legal) also work with the lighter createSessionClient(), so an app can load the rest
   * of the sdk when a signed-in screen opens (and give that screen a provider with the whole client).
   */
  client: ParleyClient | SessionClient;
  /** The spec's {product}; partners rebrand here. Defaults to PRODUCT_NAME. */
  productName?: string;
  /** Your router's link (receives `href`); a plain <a href> when omitted. */
  linkComponent?: LinkComponent;
  /**
   * The interface language (issue 27): one of INTERFACE_LOCALES. Given, the provider switches the
   * interface to it (downloading that locale's words once), shows its children when the words are
   * in (English at once) and sets `dir`/`lang` on its root. Omitted, the words follow whatever the
   * app set with setInterfaceLocale (English by default) and the page's own `dir`/`lang` apply.
   */
  locale?: InterfaceLocale;
  /**
   * Your own wording for some messages, by id ('ui.navigation.logout': 'Sign out'), in whichever
   * locale is active: plain text only (a message with placeholders keeps Parley's wording).
   */
  messages?: MessageOverrides;
  children?: ReactNode;
}

/**
 * Gives screens the sdk client, the product name and the app's link component, and applies the
 * base theme's CSS variables (through a `display: contents` wrapper, so it adds no layout box).
 */
export function ParleyProvider({
  client,
  productName = PRODUCT_NAME,
  linkComponent,
  locale,
  messages,
  children,
}: ParleyProviderProps) {
  const { active, ready } = useInterfaceLocaleRoot(locale, messages);
  const value = useMemo(
    () => ({ client, productName, linkComponent }),
    [client, productName, linkComponent],
  );
  return (
    <ParleyContext.Provider value={value}>
      {/* `parley-root` is a stable class for partner overrides of the --parley-* variables. */}
      <div
        className={`parley-root ${baseThemeClass} ${parleyRoot}`}
        dir={locale ? localeDirection(active) : undefined}
        lang={locale ? active : undefined}
      >
        {/* Keyed by locale: a switch remounts the tree so every component reads its words again
            (state that matters lives in the sdk client and survives; see docs/ui-locale.md). */}
        {ready ? <Fragment key={active}>{children}</Fragment> : null}
      </div>
    </ParleyContext.Provider>
  );
}

function useParleyContext(hook: string): ParleyContextValue {
  const value = useContext(ParleyContext);
  if (!value) throw new Error(`${hook} must be used inside <ParleyProvider>.`);
  return value;
}

/** The whole client, for signed-in screens; a provider with only a session client throws here. */
export function useParleyClient(): ParleyClient {
  const { client } = useParleyContext('useParleyClient');
  if (!isWholeClient(client)) {
    throw new Error(
      'This screen needs the whole client: give <ParleyProvider> createParleyClient().',
    );
  }
  return client;
}

/** The session part of the client (REST accounts and meta, the session): enough when signed out. */
export function useSessionClient(): SessionClient {
  return useParleyContext('useSessionClient').client;
}

function isWholeClient(client: ParleyClient | SessionClient): client is ParleyClient {
  return 'chat' in client;
}

/** A read-only snapshot of the session (status, accessToken, user) that re-renders on change. */
export function useSession() {
  const client = useParleyContext('useSession').client;
  return useSdkState(client.session.state);
}

/**
 * Binds any sdk state object to React through the sdk's own subscribe/snapshot, so the ui never
 * needs a second copy of valtio that could not see the sdk's proxies.
 */
export function useSdkState<T extends object>(state: T): StateSnapshot<T> {
  const subscribe = useCallback(
    (onChange: () => void) => subscribeToState(state, onChange),
    [state],
  );
  const getSnapshot = useCallback(() => snapshotOfState(state), [state]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The product name from ParleyProvider, or PRODUCT_NAME outside a provider. */
export function useProductName(): string {
  return useContext(ParleyContext)?.productName ?? PRODUCT_NAME;
}

/** The provider's link component, if any (used by Link). */
export function useLinkComponent(): LinkComponent | undefined {
  return useContext(ParleyContext)?.linkComponent;
}
