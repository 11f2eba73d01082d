import type { LinkPreview, MessageMention } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { SAMPLE_IMAGE_URL } from '../../mocks/media';
import { UI_STRINGS } from '../../strings';
import { Composer } from './Composer';

const S = UI_STRINGS.chat;
const L = UI_STRINGS.links;

const MEMBERS: MessageMention[] = [
  { user_id: 2, username: 'rosa' },
  { user_id: 3, username: 'robert' },
  { user_id: 4, username: 'carmen' },
  { user_id: 5, username: 'bo' },
];

const URL_TEXT = 'https://blog.example.com/posts/parley';
const PREVIEW: LinkPreview = {
  url: URL_TEXT,
  title: 'How Parley translates every message',
  description: 'Each reader sees the chat in their own language.',
  image_url: SAMPLE_IMAGE_URL,
  site_name: 'Parley Blog',
};

const meta = {
  title: 'Components/Composer/Links and mentions',
  component: Composer,
  tags: ['autodocs'],
  args: { onSend: fn(), onTyping: fn(), onStopTyping: fn(), mentionCandidates: MEMBERS },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: S.composerLabel });

/** '@ro' in a group: the members whose name starts with it, the first one active. */
export const MentionPickerOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(box(canvasElement), 'Thanks @ro');
    const list = canvas.getByRole('listbox', { name: L.mentionPicker });
    const options = within(list).getAllByRole('option');
    await expect(options.map((o) => o.textContent)).toEqual(['@rosa', '@robert']);
    await expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await expect(box(canvasElement)).toHaveAttribute('aria-activedescendant', options[0]?.id);
  },
};

/** Arrows move, Enter writes '@robert ' and the message carries the mention. */
export const MentionChosenWithKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const field = box(canvasElement);
    await userEvent.type(field, 'Thanks @ro');
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(canvasElement).getAllByRole('option')[1]).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    await expect(field).toHaveValue('Thanks @robert ');
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
    await userEvent.type(field, 'for the flowers{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Thanks @robert for the flowers', undefined, {
      mentions: [{ user_id: 3, username: 'robert' }],
    });
  },
};

/** Esc closes the picker and Enter sends the text as typed, with no mention. */
export const MentionPickerDismissed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(box(canvasElement), 'mail @car');
    await expect(within(canvasElement).getByRole('listbox')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('mail @car');
  },
};

export const MentionNoMatch: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), '@zz');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(L.noMatches);
  },
};

/** The card is asked for after a pause in typing; this server never answers. */
export const LinkPreviewLoading: Story = {
  args: { previewLink: () => new Promise<never>(() => undefined) },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), `Look ${URL_TEXT}`);
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(L.previewLoading);
  },
};

export const LinkPreviewLoaded: Story = {
  args: { previewLink: fn(async () => PREVIEW) },
  play: async ({ canvasElement, args }) => {
    await userEvent.type(box(canvasElement), `Look ${URL_TEXT}`);
    await waitFor(() =>
      expect(
        within(canvasElement).getByRole('link', { name: /How Parley translates/ }),
      ).toBeVisible(),
    );
    // One request for the link, not one per keystroke.
    await expect(args.previewLink).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith(`Look ${URL_TEXT}`);
  },
};

export const LinkPreviewFailed: Story = {
  args: { previewLink: async () => null },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), URL_TEXT);
    await waitFor(() =>
      expect(within(canvasElement).getByRole('status')).toHaveTextContent(L.previewFailed),
    );
  },
};

/** A server without link previews (404) or no connection: no card at all, as before. */
export const LinkPreviewUnavailable: Story = {
  args: { previewLink: async () => Promise.reject(new Error('Not Found')) },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), URL_TEXT);
    await waitFor(() => expect(within(canvasElement).queryByRole('status')).toBeNull(), {
      timeout: 5000,
    });
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
  },
};

/** Removed before sending: the message goes with `link_preview: false`; 'Show preview' undoes. */
export const LinkPreviewRemoved: Story = {
  args: { previewLink: async () => PREVIEW },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(box(canvasElement), `Look ${URL_TEXT}`);
    await canvas.findByRole('link', { name: /How Parley translates/ });
    await userEvent.click(canvas.getByRole('button', { name: L.removePreview }));
    await expect(canvas.queryByRole('link')).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent(L.previewRemoved);
    await userEvent.click(canvas.getByRole('button', { name: L.restorePreview }));
    await expect(await canvas.findByRole('link', { name: /How Parley translates/ })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: L.removePreview }));
    await expect(canvas.getByRole('status')).toHaveTextContent(L.previewRemoved);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const SentWithoutPreview: Story = {
  args: { previewLink: async () => PREVIEW },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(box(canvasElement), `Look ${URL_TEXT}`);
    await canvas.findByRole('link', { name: /How Parley translates/ });
    await userEvent.click(canvas.getByRole('button', { name: L.removePreview }));
    await userEvent.click(canvas.getByRole('button', { name: S.send }));
    await expect(args.onSend).toHaveBeenCalledWith(`Look ${URL_TEXT}`, undefined, {
      linkPreview: false,
    });
    // The next draft starts with cards on again.
    await expect(canvas.queryByText(L.previewRemoved)).toBeNull();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    mentionCandidates: [
      { user_id: 6, username: 'ليلى' },
      { user_id: 7, username: 'ليث' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), 'شكرا @لي');
    await expect(within(canvasElement).getAllByRole('option')).toHaveLength(2);
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: { previewLink: async () => PREVIEW },
  play: async ({ canvasElement }) => {
    await userEvent.type(box(canvasElement), `${URL_TEXT} @b`);
    await expect(within(canvasElement).getByRole('option', { name: '@bo' })).toBeVisible();
    await waitFor(() => expect(within(canvasElement).getByRole('link')).toBeVisible());
  },
};
