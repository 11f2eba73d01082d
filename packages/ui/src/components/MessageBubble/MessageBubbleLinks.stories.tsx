import type { LinkPreview } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { SAMPLE_IMAGE_URL } from '../../mocks/media';
import { MessageBubble, type MessageBubbleMessage } from './MessageBubble';

const PREVIEW: LinkPreview = {
  url: 'https://blog.example.com/posts/parley',
  title: 'How Parley translates every message',
  description: 'Each reader sees the chat in their own language, with the original one tap away.',
  image_url: SAMPLE_IMAGE_URL,
  site_name: 'Parley Blog',
};

const withLink: MessageBubbleMessage = {
  id: 1,
  client_id: null,
  sender_id: 2,
  sender_username: 'bo',
  message: `Read this: ${PREVIEW.url}`,
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
  link_preview: PREVIEW,
};

/** Carmen wrote in Spanish and named rosa; the English reader's text keeps '@rosa'. */
const mentioning: MessageBubbleMessage = {
  ...withLink,
  id: 2,
  sender_username: 'carmen',
  message: 'Thanks @rosa for the flowers, and @bo too! Write to x@rosa.example',
  original_message: 'Gracias @rosa por las flores, ¡y @bo también! Escribe a x@rosa.example',
  original_language: 'es',
  translated: true,
  link_preview: null,
  mentions: [
    { user_id: 3, username: 'rosa' },
    { user_id: 2, username: 'bo' },
  ],
};

const meta = {
  title: 'Components/MessageBubble/Links and mentions',
  component: MessageBubble,
  tags: ['autodocs'],
  decorators: [
    (Story) => (
      <ChatThemeScope theme="default" surface>
        <div style={{ padding: '1rem 0' }}>
          <Story />
        </div>
      </ChatThemeScope>
    ),
  ],
  args: { message: withLink, now: STORY_NOW, showSender: true },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithLinkPreview: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /How Parley translates/ });
    await expect(link).toHaveAttribute('href', PREVIEW.url);
  },
};

/** The reader turned link previews off: the text only. */
export const LinkPreviewsOff: Story = {
  args: { showLinkPreview: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

export const SentWithLinkPreview: Story = {
  args: { message: { ...withLink, type: 'sent', sender_id: 1, sender_username: 'ana' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toBeVisible();
  },
};

/** Mentions are highlighted; '@rosa' inside an address is not one. */
export const MentionHighlighted: Story = {
  args: { message: mentioning },
  play: async ({ canvasElement }) => {
    const marks = [...canvasElement.querySelectorAll('p mark')].map((m) => m.textContent);
    await expect(marks).toEqual(['@rosa', '@bo']);
  },
};

export const LongTextWithMentionAndPreview: Story = {
  args: {
    message: {
      ...withLink,
      message: `${'A long message that keeps going with many words, '.repeat(8)}@rosa see ${PREVIEW.url}`,
      mentions: [{ user_id: 3, username: 'rosa' }],
      link_preview: {
        ...PREVIEW,
        title: `${'A very long headline that goes on and on '.repeat(4)}end`,
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p mark')).toHaveTextContent('@rosa');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...withLink,
      sender_username: 'ليلى',
      message: `شكرا @rosa على الزهور ${PREVIEW.url}`,
      mentions: [{ user_id: 3, username: 'rosa' }],
      link_preview: { ...PREVIEW, title: 'كيف يترجم بارلي كل رسالة', site_name: 'مدونة بارلي' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('p mark')).toHaveTextContent('@rosa');
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { message: { ...withLink, mentions: [{ user_id: 3, username: 'rosa' }] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link')).toBeVisible();
  },
};
