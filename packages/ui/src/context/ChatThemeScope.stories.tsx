import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { rtl } from '../mocks/decorators';
import { meWith } from '../mocks/handlers';
import { chatThemeFor, chatThemes } from '../theme/chatThemes';
import { ChatThemeScope, useChatTheme } from './ChatThemeScope';
import { useParleyClient, useSession } from './ParleyProvider';

/** A few bubbles painted with the theme's sent/received classes on its background. */
function Conversation({ dir }: { dir?: 'rtl' }) {
  return (
    <div
      style={{
        display: 'grid',
        alignContent: 'start',
        gap: '0.5rem',
        padding: '1rem',
        minHeight: '12rem',
      }}
      dir={dir}
    >
      <ThemedBubbles />
    </div>
  );
}

const received = '¡Hola! ¿Cómo estás?';

function ThemedBubbles() {
  const theme = useChatTheme();
  return (
    <>
      <p className={theme.receivedBubbleClass} style={{ justifySelf: 'start', margin: 0 }}>
        {received}
      </p>
      <p className={theme.sentBubbleClass} style={{ justifySelf: 'end', margin: 0 }}>
        Hi! I'm fine, thanks — and you?
      </p>
    </>
  );
}

const meta = {
  title: 'Theme/ChatThemeScope',
  component: ChatThemeScope,
  tags: ['autodocs'],
  args: { surface: true, children: <Conversation /> },
  argTypes: { theme: { control: 'inline-radio', options: chatThemes.map((t) => t.name) } },
} satisfies Meta<typeof ChatThemeScope>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The story's own scope: the nearest one around the received bubble. */
const scopeOf = (el: HTMLElement) =>
  within(el).getByText(received).closest('[data-chat-theme]') as HTMLElement;

export const Default: Story = {
  args: { theme: 'default' },
  play: async ({ canvasElement }) => {
    const scope = scopeOf(canvasElement);
    await expect(scope).toHaveAttribute('data-chat-theme', 'default');
    await expect(within(scope).getByText(received)).toHaveClass(
      chatThemeFor('default').receivedBubbleClass,
    );
  },
};

export const Playground: Story = { args: { theme: 'light' } };

export const Classic: Story = { args: { theme: 'default' } };
export const Light: Story = { args: { theme: 'light' } };
export const Ocean: Story = {
  args: { theme: 'blue' },
  play: async ({ canvasElement }) => {
    const scope = scopeOf(canvasElement);
    await expect(getComputedStyle(scope).backgroundColor).toBe('rgb(12, 74, 110)');
  },
};

export const UnknownNameFallsBackToDefault: Story = {
  play: async () => {
    await expect(chatThemeFor('neon').name).toBe('default');
    await expect(chatThemeFor(null).name).toBe('default');
  },
};

/** Without `theme`, the signed-in user's chat_theme applies (here 'blue' from GET /accounts/me/). */
function SignedInAs({ children }: { children: ReactNode }) {
  const client = useParleyClient();
  const session = useSession();
  useEffect(() => {
    void client.session.signIn('ana', 'secret');
  }, [client]);
  return session.user ? children : <p>Signing in…</p>;
}

export const FromTheSession: Story = {
  parameters: { msw: { handlers: { me: meWith({ chat_theme: 'blue' }) } } },
  render: (args) => (
    <SignedInAs>
      <ChatThemeScope surface={args.surface}>{args.children}</ChatThemeScope>
    </SignedInAs>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(scopeOf(canvasElement)).toHaveAttribute('data-chat-theme', 'blue'));
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { theme: 'light', children: <Conversation dir="rtl" /> },
};
