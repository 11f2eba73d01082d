// No font imports here: the fonts come with the ui's own styles (theme/private/fontFaces.ts), the
// same @font-face rules a partner gets from '@parley/ui/styles.css'.
import {
  CHAT_THEME_NAMES,
  type ChatThemeName,
  createParleyClient,
  type ParleyClientOptions,
} from '@parley/chat-sdk';
import { localeDirection } from '@parley/chat-sdk/i18n';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../src/components/Toast/ToastProvider';
import { ChatThemeScope } from '../src/context/ChatThemeScope';
import type { LinkComponentProps } from '../src/context/ParleyProvider';
import { ParleyProvider } from '../src/context/ParleyProvider';
import { defaultHandlers } from '../src/mocks/handlers';
import { chatThemeTokens } from '../src/theme/tokens/chatThemes';
import {
  interfaceLocaleLoader,
  LOCALE_TOOLBAR_ITEMS,
  PSEUDO_LOCALE,
  storyLang,
  storyLocale,
} from './locale';
import { chromaticModes } from './modes';
import { installStoryClock } from './storyClock';
import { STORY_VIEWPORTS, type StoryViewport } from './viewports';

/** Links in stories must not navigate the preview iframe away. */
function StoryLink({ href, className, children, ...aria }: LinkComponentProps) {
  return (
    <a href={href} className={className} {...aria} onClick={(event) => event.preventDefault()}>
      {children}
    </a>
  );
}

/**
 * Client options a story adds with `parameters.parleyClient` (e.g. a fake `getUserMedia` and
 * `createPeerConnection` for calls).
 */
export type StoryClientOptions = Partial<Omit<ParleyClientOptions, 'apiUrl' | 'storage'>>;

function StoryProviders({
  chatTheme,
  clientOptions,
  children,
}: {
  chatTheme: ChatThemeName;
  clientOptions?: StoryClientOptions;
  children: ReactNode;
}) {
  // One real client per story, created after mswLoader has started the worker; in-memory storage
  // (storage: null) so stories never share a session through localStorage.
  const [client] = useState(() =>
    createParleyClient({ ...clientOptions, apiUrl: '', storage: null }),
  );
  return (
    <ParleyProvider client={client} linkComponent={StoryLink}>
      <ToastProvider>
        <ChatThemeScope theme={chatTheme}>{children}</ChatThemeScope>
      </ToastProvider>
    </ParleyProvider>
  );
}

const withParley: Decorator = (Story, context) => (
  <StoryProviders
    chatTheme={(context.globals.chatTheme as ChatThemeName) ?? 'default'}
    clientOptions={context.parameters.parleyClient as StoryClientOptions | undefined}
  >
    <Story />
  </StoryProviders>
);

/**
 * The toolbar's viewport, direction and locale, applied by a decorator (not by resizing the iframe)
 * so the same story renders the same way in the Storybook UI, in the Vitest run and in Chromatic:
 * the story sits in a box as wide as the chosen device, with `dir`/`lang` set for right-to-left
 * (the Direction toolbar, or a right-to-left locale such as Arabic) and for the locale's language.
 * The locale's words were switched by interfaceLocaleLoader before the story rendered.
 */
const withViewportAndDirection: Decorator = (Story, context) => {
  const viewport = STORY_VIEWPORTS[(context.globals.viewportSize as StoryViewport) ?? 'desktop'];
  const locale = storyLocale(context.globals);
  const localeRtl = locale !== PSEUDO_LOCALE && localeDirection(locale) === 'rtl';
  const rtl = context.globals.direction === 'rtl' || localeRtl;
  const lang = locale !== 'en' ? storyLang(locale) : rtl ? 'ar' : undefined;
  return (
    <div
      data-story-viewport={viewport.name}
      data-story-locale={locale}
      dir={rtl ? 'rtl' : undefined}
      lang={lang}
      style={{ width: '100%', maxWidth: viewport.width, minHeight: '100%', marginInline: 'auto' }}
    >
      <Story />
    </div>
  );
};

const preview: Preview = {
  // A Docs page (prop table from TSDoc, every story) for every component and screen.
  tags: ['autodocs'],
  // The interface locale is switched (its words downloaded) before each story renders.
  loaders: [mswLoader(), interfaceLocaleLoader],
  // The stories' clock (storyClock.ts): never the day the pictures are taken.
  beforeEach: () => installStoryClock(),
  // Outermost last: the viewport box wraps the providers.
  decorators: [withParley, withViewportAndDirection],
  globalTypes: {
    chatTheme: {
      description: 'Chat theme (spec: classic, light, ocean)',
      toolbar: {
        title: 'Chat theme',
        icon: 'paintbrush',
        // The names come from the sdk's one list; the labels from the theme tokens.
        items: CHAT_THEME_NAMES.map((name) => ({
          value: name,
          title: `${chatThemeTokens[name].label} (${name})`,
        })),
        dynamicTitle: true,
      },
    },
    viewportSize: {
      description: 'Device width the story is laid out in',
      toolbar: {
        title: 'Viewport',
        icon: 'mobile',
        items: Object.values(STORY_VIEWPORTS).map((v) => ({
          value: v.name,
          title: `${v.title} (${v.width} px)`,
        })),
        dynamicTitle: true,
      },
    },
    direction: {
      description: 'Text direction',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left (Arabic)' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Interface language (issue 27); pseudo: longer, accented English',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: LOCALE_TOOLBAR_ITEMS,
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { chatTheme: 'default', viewportSize: 'desktop', direction: 'ltr', locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    // Phone, tablet and desktop: stories pick one with `globals: { viewport: { value } }`, and the
    // Vitest run resizes the page to it; a story that picks none is pictured at desktop size.
    viewport: {
      defaultViewport: 'desktop',
      options: {
        phone: {
          name: 'Phone (360 × 740)',
          styles: { width: '360px', height: '740px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablet (820 × 1180)',
          styles: { width: '820px', height: '1180px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Desktop (1280 × 800)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
    msw: { handlers: defaultHandlers },
    a11y: { test: 'error' },
    // Chromatic snapshots every story in each chat theme at mobile and desktop width.
    chromatic: { modes: chromaticModes },
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
