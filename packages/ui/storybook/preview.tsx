import { type ChatThemeName, createParleyClient } from '@parley/chat-sdk';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '../src/components/Toast/ToastProvider';
import { ChatThemeScope } from '../src/context/ChatThemeScope';
import type { LinkComponentProps } from '../src/context/ParleyProvider';
import { ParleyProvider } from '../src/context/ParleyProvider';
import { defaultHandlers } from '../src/mocks/handlers';

/** Links in stories must not navigate the preview iframe away. */
function StoryLink({ href, className, children }: LinkComponentProps) {
  return (
    <a href={href} className={className} onClick={(event) => event.preventDefault()}>
      {children}
    </a>
  );
}

function StoryProviders({
  chatTheme,
  children,
}: {
  chatTheme: ChatThemeName;
  children: ReactNode;
}) {
  // One real client per story, created after mswLoader has started the worker; in-memory storage
  // (storage: null) so stories never share a session through localStorage.
  const [client] = useState(() => createParleyClient({ apiUrl: '', storage: null }));
  return (
    <ParleyProvider client={client} linkComponent={StoryLink}>
      <ToastProvider>
        <ChatThemeScope theme={chatTheme}>{children}</ChatThemeScope>
      </ToastProvider>
    </ParleyProvider>
  );
}

const withParley: Decorator = (Story, context) => (
  <StoryProviders chatTheme={(context.globals.chatTheme as ChatThemeName) ?? 'default'}>
    <Story />
  </StoryProviders>
);

const preview: Preview = {
  loaders: [mswLoader()],
  decorators: [withParley],
  globalTypes: {
    chatTheme: {
      description: 'Chat theme (spec: classic, light, ocean)',
      toolbar: {
        title: 'Chat theme',
        icon: 'paintbrush',
        items: [
          { value: 'default', title: 'Classic (default)' },
          { value: 'light', title: 'Light (light)' },
          { value: 'blue', title: 'Ocean (blue)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { chatTheme: 'default' },
  parameters: {
    layout: 'fullscreen',
    // Phone, tablet and desktop: stories pick one with `globals: { viewport: { value } }`, and the
    // Vitest run resizes the page to it.
    viewport: {
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
    controls: { matchers: { color: /(background|color)$/i } },
  },
};

export default preview;
