/**
 * The locale the interface speaks right now, shared by every package's catalog in a page (the sdk's,
 * the ui's, the app's): one Lingui instance holding each registered catalog's messages for the active
 * locale. `setInterfaceLocale` downloads the locale's compiled messages of each catalog (one chunk
 * per package and locale, nothing for English, whose messages ship with the source) and then switches
 * every catalog at once, so a screen never mixes two languages.
 */
import { type I18n, setupI18n } from '@lingui/core';
import type { CompiledMessages } from './catalog';
import { type InterfaceLocale, isInterfaceLocale, SOURCE_LOCALE } from './locales';

export interface RegisteredCatalog {
  /** The catalog's namespace ('ui', 'sdk', 'app'): the first part of each of its ids. */
  namespace: string;
  /** English compiled messages (only those with placeholders: plain ones are their own source). */
  english: CompiledMessages;
  /** Loads another locale's compiled messages (a dynamic import, so each is a chunk of its own). */
  load: (locale: InterfaceLocale) => Promise<CompiledMessages>;
}

/** The Lingui instance every interface catalog reads from. */
export const interfaceI18n = setupI18n({
  locale: SOURCE_LOCALE,
  messages: { [SOURCE_LOCALE]: {} },
});
// Every message with placeholders is compiled at build time; a string left in a catalog is plain
// text and is shown as it is (Lingui would otherwise warn, or in development parse it again).
interfaceI18n.setMessagesCompiler((message) => [message]);

const catalogs = new Map<string, RegisteredCatalog>();
const listeners = new Set<(locale: InterfaceLocale) => void>();
let active: InterfaceLocale = SOURCE_LOCALE;
let switching: Promise<void> = Promise.resolve();
/** The locale asked for last: a slower earlier switch must not win over it. */
let wanted: InterfaceLocale = SOURCE_LOCALE;

async function messagesFor(locale: InterfaceLocale, list: Iterable<RegisteredCatalog>) {
  const parts = await Promise.all(
    [...list].map(async (catalog) => ({
      ...catalog.english,
      ...(locale === SOURCE_LOCALE ? {} : await catalog.load(locale)),
    })),
  );
  return Object.assign({}, ...parts) as CompiledMessages;
}

/** Adds a package's catalog. Registered while another locale is active, its words follow shortly. */
export function registerCatalog(catalog: RegisteredCatalog): void {
  if (catalogs.has(catalog.namespace)) return;
  catalogs.set(catalog.namespace, catalog);
  interfaceI18n.load(SOURCE_LOCALE, catalog.english);
  if (active !== SOURCE_LOCALE) {
    const locale = active;
    void messagesFor(locale, [catalog]).then(
      (messages) => {
        if (active !== locale) return;
        interfaceI18n.load(locale, messages);
        for (const listener of listeners) listener(locale);
      },
      () => {
        // The chunk did not load (offline): those words stay English until the next switch.
      },
    );
  }
}

/**
 * The dynamic imports of a package's compiled messages, one per locale but English. Each package
 * writes its own table (`es: () => import('./compiled/es')`, …) so its bundler sees every path and
 * makes each locale a chunk of its own.
 */
export type CatalogLoaders = Record<
  Exclude<InterfaceLocale, typeof SOURCE_LOCALE>,
  () => Promise<{ messages: CompiledMessages }>
>;

/** A package's catalog: its namespace, its English compiled messages and its loaders. */
export function defineCatalog(
  namespace: string,
  english: CompiledMessages,
  loaders: CatalogLoaders,
): RegisteredCatalog {
  return {
    namespace,
    english,
    load: async (locale) => (locale === SOURCE_LOCALE ? {} : (await loaders[locale]()).messages),
  };
}

/**
 * The interface's Lingui instance with `catalog` registered (once, on first use): what a package's
 * strings module passes to `localize`.
 */
export function catalogI18n(catalog: RegisteredCatalog): I18n {
  registerCatalog(catalog);
  return interfaceI18n;
}

/** The locale the interface speaks now. */
export function interfaceLocale(): InterfaceLocale {
  return active;
}

/**
 * Switches every catalog to `locale` once its messages have loaded. Resolves when the interface
 * speaks it; rejects (and leaves the current locale) when a catalog's chunk cannot be loaded.
 */
export function setInterfaceLocale(locale: InterfaceLocale): Promise<void> {
  if (!isInterfaceLocale(locale)) return Promise.reject(new Error(`No interface locale ${locale}`));
  wanted = locale;
  const run = switching.then(async () => {
    if (wanted !== locale) return;
    const messages = await messagesFor(locale, catalogs.values());
    if (wanted !== locale) return;
    interfaceI18n.loadAndActivate({ locale, messages });
    active = locale;
    for (const listener of listeners) listener(locale);
  });
  switching = run.catch(() => undefined);
  return run;
}

/** Calls `listener` after every switch (and when a late catalog's words arrive); returns an unsubscribe. */
export function onInterfaceLocaleChange(listener: (locale: InterfaceLocale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
