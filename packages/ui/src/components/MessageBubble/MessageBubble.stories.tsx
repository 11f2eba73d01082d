import type { ChatThemeName } from '@parley/chat-sdk';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CALL_STRINGS } from '../../callStrings';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { SAMPLE_AUDIO_URL, SAMPLE_IMAGE_URL, SAMPLE_VIDEO_URL } from '../../mocks/media';
import { UI_STRINGS } from '../../strings';
import { chatThemeTokens } from '../../theme/tokens/chatThemes';
import { MessageBubble, type MessageBubbleMessage } from './MessageBubble';

const S = UI_STRINGS.chat;
const M = MEDIA_STRINGS;
const T = UI_STRINGS.translation;

const received: MessageBubbleMessage = {
  id: 1,
  client_id: null,
  sender_id: 2,
  sender_username: 'bo',
  message: 'Did you see the new release?',
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
};

const sent: MessageBubbleMessage = {
  ...received,
  id: 2,
  client_id: 'c-2',
  sender_id: 1,
  sender_username: 'ana',
  message: 'Yes! Translations are much better.',
  type: 'sent',
};

/** Carmen wrote in Spanish; ana reads English. */
const translated: MessageBubbleMessage = {
  ...received,
  id: 3,
  sender_username: 'carmen',
  message: 'Shall we meet tomorrow?',
  original_message: '¿Quedamos mañana?',
  original_language: 'es',
  translated: true,
};

/** The story's bubble and a sent one on a chat theme's background (`parameters.chatTheme`). */
const onTheme: Decorator = (Story, context) => {
  const theme = (context.parameters.chatTheme as ChatThemeName | undefined) ?? 'default';
  return (
    <ChatThemeScope theme={theme} surface>
      <div style={{ padding: '1rem 0' }}>
        <Story />
        <MessageBubble message={sent} now={STORY_NOW} />
      </div>
    </ChatThemeScope>
  );
};

function rgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const meta = {
  title: 'Components/MessageBubble',
  component: MessageBubble,
  tags: ['autodocs'],
  decorators: [onTheme],
  args: { message: received, now: STORY_NOW, onRetry: fn() },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

function themePlay(theme: ChatThemeName): Story['play'] {
  return async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bubble = (text: RegExp) => canvas.getByText(text).parentElement as HTMLElement;
    await expect(getComputedStyle(bubble(/new release/)).backgroundColor).toBe(
      rgb(chatThemeTokens[theme].received.background),
    );
    await expect(getComputedStyle(bubble(/much better/)).backgroundColor).toBe(
      rgb(chatThemeTokens[theme].sent.background),
    );
    // Today: HH:mm.
    await expect(canvas.getAllByText('09:15')).toHaveLength(2);
  };
}

/** A received message in the classic theme, beside a sent one. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(received.message)).toBeVisible();
  },
};

/** Every prop is a control (edit the message object, pick a theme with `parameters.chatTheme`). */
export const Playground: Story = {
  args: { message: { ...received, message: 'Edit me in the Controls panel.' } },
};

export const ClassicTheme: Story = { play: themePlay('default') };
export const LightTheme: Story = { parameters: { chatTheme: 'light' }, play: themePlay('light') };
export const OceanTheme: Story = { parameters: { chatTheme: 'blue' }, play: themePlay('blue') };

export const Sending: Story = {
  args: { message: { ...sent, id: null, status: 'sending', message: 'On its way…' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('sending')).toHaveTextContent(S.sending);
  },
};

export const FailedWithRetry: Story = {
  args: { message: { ...sent, id: null, status: 'failed', message: 'This one failed' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.notSent)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(args.onRetry).toHaveBeenCalledWith('c-2');
  },
};

const STRANGER_LIMIT =
  'New accounts can send only a few messages to people who are not their connections on their first day. Try again in 23 hours, or message your connections.';

/** Issue 29: refused by a limit (`rate_limited`): the bubble says why. */
export const NotSentLimited: Story = {
  args: {
    message: {
      ...sent,
      id: null,
      status: 'failed',
      message: 'Hi! Saw your profile',
      error: { code: 'rate_limited', detail: STRANGER_LIMIT },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.notSentBecause(STRANGER_LIMIT))).toBeVisible();
    await expect(canvas.getByRole('button', { name: S.retry })).toBeVisible();
  },
};

export const GroupSender: Story = {
  args: { showSender: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('bo')).toBeVisible();
  },
};

export const OlderDates: Story = {
  args: { message: { ...received, timestamp: new Date(2025, 11, 24, 18, 0).toISOString() } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('24/12/2025')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    message: {
      ...received,
      message: `${'Supercalifragilisticexpialidocious'.repeat(6)}\n\nA second paragraph after a blank line, and a link-like https://example.com/a/very/long/path/that/keeps/going/and/going`,
    },
  },
  play: async ({ canvasElement }) => {
    const text = within(canvasElement).getByText(/Supercalifragilistic/);
    // Wraps inside the bubble instead of overflowing it.
    await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth + 1);
  },
};

export const WithFile: Story = {
  args: {
    message: {
      ...received,
      message: '',
      file_type: 'application',
      file_url: 'https://example.com/notes.pdf',
      file_name: 'notes.pdf',
    },
  },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: `${M.download} notes.pdf` });
    await expect(link).toHaveAttribute('href', 'https://example.com/notes.pdf');
    await expect(link).toHaveAttribute('download', 'notes.pdf');
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { message: { ...received, sender_username: 'ليلى', message: 'مرحبا! كيف حالك اليوم؟' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('مرحبا! كيف حالك اليوم؟')).toHaveAttribute(
      'dir',
      'auto',
    );
  },
};

async function toggleOriginal(canvasElement: HTMLElement, original: string, source: string) {
  const canvas = within(canvasElement);
  await expect(canvas.getByText(T.translatedFrom(source))).toBeVisible();
  const toggle = canvas.getByRole('button', { name: T.viewOriginal });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const originalText = canvas.getByText(original);
  await expect(originalText).not.toBeVisible();
  await expect(toggle).toHaveAttribute('aria-controls', originalText.closest('p')?.id);
  // Keyboard: the toggle is a real button.
  toggle.focus();
  await userEvent.keyboard('{Enter}');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle).toHaveAccessibleName(T.hideOriginal);
  await expect(originalText).toBeVisible();
  await userEvent.click(toggle);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAccessibleName(T.viewOriginal);
  await expect(originalText).not.toBeVisible();
}

/** The original open: the toggle reads 'Hide original' (pictured in this state). */
export const TranslatedOriginalShown: Story = {
  args: { message: translated },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(canvas.getByRole('button', { name: T.hideOriginal })).toBeVisible();
    await expect(canvas.getByText('¿Quedamos mañana?')).toBeVisible();
  },
};

export const Translated: Story = {
  args: { message: translated },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Shall we meet tomorrow?')).toBeVisible();
    await toggleOriginal(canvasElement, '¿Quedamos mañana?', 'Spanish');
    await expect(within(canvasElement).getByText('¿Quedamos mañana?').closest('p')).toHaveAttribute(
      'lang',
      'es',
    );
  },
};

export const TranslatedLightTheme: Story = {
  parameters: { chatTheme: 'light' },
  args: { message: translated },
  play: async ({ canvasElement }) => {
    await toggleOriginal(canvasElement, '¿Quedamos mañana?', 'Spanish');
  },
};

export const TranslatedOceanTheme: Story = {
  parameters: { chatTheme: 'blue' },
  args: { message: translated },
  play: async ({ canvasElement }) => {
    await toggleOriginal(canvasElement, '¿Quedamos mañana?', 'Spanish');
  },
};

export const TranslatedRightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...translated,
      sender_username: 'ليلى',
      message: 'Hello! How are you today?',
      original_message: 'مرحبا! كيف حالك اليوم؟',
      original_language: 'ar',
    },
  },
  play: async ({ canvasElement }) => {
    await toggleOriginal(canvasElement, 'مرحبا! كيف حالك اليوم؟', 'Arabic');
    await expect(within(canvasElement).getByText('مرحبا! كيف حالك اليوم؟')).toHaveAttribute(
      'dir',
      'auto',
    );
  },
};

export const TranslationFailed: Story = {
  args: {
    message: {
      ...received,
      message: 'Mālō e lelei!',
      original_message: 'Mālō e lelei!',
      original_language: 'to',
      translation_failed: true,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Mālō e lelei!')).toBeVisible();
    await expect(canvas.getByText(T.notTranslated)).toHaveAttribute('title', T.notTranslatedHint);
    await expect(canvas.queryByRole('button', { name: T.viewOriginal })).toBeNull();
  },
};

export const SentShowsWhatWasSent: Story = {
  args: {
    message: {
      ...sent,
      message: 'Yes! Translations are much better.',
      original_message: 'Yes! Translations are much better.',
      original_language: 'en',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('Yes! Translations are much better.')).toHaveLength(2);
    await expect(canvas.queryByText(T.notTranslated)).toBeNull();
    await expect(canvas.queryByRole('button', { name: T.viewOriginal })).toBeNull();
  },
};

export const FileWithSize: Story = {
  args: {
    message: {
      ...received,
      message: '',
      file_type: 'application',
      file_url: '/chatmessage/files/abc.pdf',
      file_name: 'quarterly report.pdf',
      file_size: 245_760,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('quarterly report.pdf')).toBeVisible();
    await expect(canvas.getByText('240.0 KB')).toBeVisible();
  },
};

export const ImageWithLightbox: Story = {
  args: {
    message: {
      ...received,
      message: '',
      file_type: 'image',
      file_url: SAMPLE_IMAGE_URL,
      file_name: 'sunset.svg',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const thumb = canvas.getByRole('img', { name: M.image('sunset.svg') });
    await waitFor(() => expect(thumb.getBoundingClientRect().height).toBeGreaterThan(0));
    await expect(thumb.getBoundingClientRect().height).toBeLessThanOrEqual(350);
    await userEvent.click(canvas.getByRole('button', { name: M.openImage('sunset.svg') }));
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'sunset.svg' }, { timeout: 5000 });
    await expect(within(dialog).getByRole('img', { name: M.image('sunset.svg') })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

export const Video: Story = {
  args: {
    message: {
      ...received,
      message: '',
      file_type: 'video',
      file_url: SAMPLE_VIDEO_URL,
      file_name: 'clip.webm',
    },
  },
  play: async ({ canvasElement }) => {
    const video = canvasElement.querySelector('video');
    await expect(video).toHaveAttribute('controls');
    await expect(video).toHaveAccessibleName(M.video('clip.webm'));
    // The clip's first frame is shown (the picture is repeatable once it has loaded).
    await waitFor(() => expect(video?.readyState).toBeGreaterThanOrEqual(2));
  },
};

const voice: MessageBubbleMessage = {
  ...received,
  id: 7,
  message: '',
  file_type: 'audio',
  audio_url: SAMPLE_AUDIO_URL,
  file_name: 'voice.webm',
  transcript: 'See you at the station at five.',
};

export const VoiceNoteSameLanguage: Story = {
  args: { message: voice },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('See you at the station at five.')).toBeVisible();
    await expect(canvasElement.querySelector('audio')).toHaveAccessibleName(M.voiceMessage);
    await expect(canvas.queryByText(M.translatedAudio)).toBeNull();
  },
};

/** A Spanish reader of an English voice note: translated transcript and audio, original a tap away. */
export const VoiceNoteTranslated: Story = {
  args: {
    message: {
      ...voice,
      original_language: 'en',
      transcript: 'Nos vemos en la estación a las cinco.',
      original_transcript: 'See you at the station at five.',
      transcript_translated: true,
      synth_audio_url: SAMPLE_AUDIO_URL,
      synth_status: 'ok',
    } as MessageBubbleMessage,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nos vemos en la estación a las cinco.')).toBeVisible();
    await expect(canvas.getByText(M.translatedAudio)).toBeVisible();
    const original = canvas.getByText('See you at the station at five.');
    await expect(original).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(original).toBeVisible();
    await userEvent.click(canvas.getByText(M.playOriginal));
    await expect(canvas.getByLabelText(M.originalAudio)).toBeVisible();
  },
};

export const VoiceNoteWithoutTranscript: Story = {
  args: {
    message: {
      ...voice,
      transcript: '[No transcript available]',
      transcript_status: 'unavailable',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(M.noTranscript)).toBeVisible();
  },
};

export const VoiceNoteUploading: Story = {
  args: {
    message: {
      ...sent,
      id: null,
      message: '',
      status: 'sending',
      file_type: 'audio',
      uploading: true,
      local_audio_url: SAMPLE_AUDIO_URL,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getAllByRole('status').some((el) => el.textContent === M.uploadingVoice),
    ).toBe(true);
  },
};

export const VoiceNoteUploadFailed: Story = {
  args: {
    message: {
      ...sent,
      id: null,
      message: '',
      status: 'failed',
      file_type: 'audio',
      local_audio_url: SAMPLE_AUDIO_URL,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText(S.notSent)[0]).toBeVisible();
    await userEvent.click(canvas.getAllByRole('button', { name: S.retry })[0] as HTMLElement);
    await expect(args.onRetry).toHaveBeenCalledWith('c-2');
  },
};

export const VoiceNoteRightToLeft: Story = {
  decorators: [rtl],
  args: { message: { ...voice, transcript: 'أراك في المحطة في الخامسة.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('أراك في المحطة في الخامسة.')).toHaveAttribute(
      'dir',
      'auto',
    );
  },
};

export const CallRecords: Story = {
  render: () => (
    <>
      <MessageBubble
        message={{
          ...received,
          message: '📞',
          call_event: { event: 'started', call_type: 'video' },
        }}
        now={STORY_NOW}
      />
      <MessageBubble
        message={{
          ...sent,
          message: '📞 1:23',
          call_event: { event: 'ended', call_type: 'video', reason: 'ended', duration_seconds: 83 },
        }}
        now={STORY_NOW}
      />
      <MessageBubble
        message={{
          ...received,
          message: '📞',
          call_event: { event: 'ended', call_type: 'audio', reason: 'missed' },
        }}
        now={STORY_NOW}
      />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(CALL_STRINGS.record.started('video'))).toBeVisible();
    await expect(canvas.getByText(CALL_STRINGS.record.ended('video', '1:23'))).toBeVisible();
    await expect(canvas.getByText(CALL_STRINGS.record.missed('audio'))).toBeVisible();
  },
};

/**
 * The Spanish interface: the source language is named in Spanish ('Traducido del inglés'), not
 * with the English picker name.
 */
export const TranslatedSpanishInterface: Story = {
  globals: { locale: 'es' },
  args: {
    message: {
      ...translated,
      message: '¿Nos vemos mañana?',
      original_message: 'Shall we meet tomorrow?',
      original_language: 'en',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.translatedFrom('inglés'))).toBeVisible();
    await expect(canvas.queryByText(/English/)).toBeNull();
  },
};
