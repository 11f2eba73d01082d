import type { ChatThemeName } from '@parley/chat-sdk';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { TRANSLATION_TRUST_STRINGS } from '../../translationTrustStrings';
import { MessageBubble, type MessageBubbleMessage } from '../MessageBubble/MessageBubble';

const T = UI_STRINGS.translation;
const TT = TRANSLATION_TRUST_STRINGS;

/** Ana wrote in English; the reader reads Spanish, translated by Apertium. */
const byApertium: MessageBubbleMessage = {
  id: 11,
  client_id: null,
  sender_id: 2,
  sender_username: 'ana',
  message: 'Quedamos en el bar tapas mañana',
  original_message: 'Shall we meet at the tapas bar tomorrow',
  original_language: 'en',
  translated: true,
  translated_by: 'Apertium',
  timestamp: new Date(2026, 2, 10, 9, 15).toISOString(),
  type: 'received',
  status: 'sent',
};

/** Apertium did not know 'tapas' and left it as written. */
const withUnknownWords: MessageBubbleMessage = {
  ...byApertium,
  id: 12,
  untranslated_words: ['tapas'],
};

const onTheme: Decorator = (Story, context) => {
  const theme = (context.parameters.chatTheme as ChatThemeName | undefined) ?? 'default';
  return (
    <ChatThemeScope theme={theme} surface>
      <div style={{ padding: '1rem 0' }}>
        <Story />
      </div>
    </ChatThemeScope>
  );
};

const meta = {
  title: 'Components/TranslationTrust',
  component: MessageBubble,
  decorators: [onTheme],
  args: { message: byApertium, now: STORY_NOW },
} satisfies Meta<typeof MessageBubble>;
export default meta;
type Story = StoryObj<typeof meta>;

async function seesUnknownWord(canvasElement: HTMLElement, word: string) {
  const canvas = within(canvasElement);
  const marked = canvas.getByTitle(TT.notTranslatedWord);
  await expect(marked).toHaveTextContent(word);
  // Read out after the word, not only shown as a tooltip.
  await expect(marked).toHaveTextContent(`(${TT.notTranslatedWord})`);
}

/** 'Translated from English by Apertium · View original'. */
export const EngineLabel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(TT.translatedFromBy('English', 'Apertium'))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(canvas.getByText(byApertium.original_message as string)).toBeVisible();
    await expect(canvas.getByRole('button', { name: T.hideOriginal })).toHaveFocus();
  },
};

/** A backend that names no engine (spec-only fields): today's 'Translated from English'. */
export const NoEngineNamed: Story = {
  args: { message: { ...byApertium, translated_by: undefined } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(T.translatedFrom('English'))).toBeVisible();
  },
};

/** A word the engine did not know: dotted underline, 'Not translated' as tooltip and read out. */
export const UntranslatedWords: Story = {
  args: { message: withUnknownWords },
  play: async ({ canvasElement }) => {
    await seesUnknownWord(canvasElement, 'tapas');
  },
};

export const UntranslatedWordsLightTheme: Story = {
  parameters: { chatTheme: 'light' },
  args: { message: withUnknownWords },
  play: async ({ canvasElement }) => {
    await seesUnknownWord(canvasElement, 'tapas');
  },
};

export const UntranslatedWordsOceanTheme: Story = {
  parameters: { chatTheme: 'blue' },
  args: { message: withUnknownWords },
  play: async ({ canvasElement }) => {
    await seesUnknownWord(canvasElement, 'tapas');
  },
};

export const LongTextWithUnknownWords: Story = {
  args: {
    message: {
      ...withUnknownWords,
      message:
        'Quedamos en el bar tapas mañana a las diez, después vamos al mercado y compramos churros para todos; si llueve, nos vemos en la estación y tomamos el tren a Sitges con Ana y Ben.',
      untranslated_words: ['tapas', 'churros', 'Sitges'],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByTitle(TT.notTranslatedWord)).toHaveLength(3);
  },
};

/** Arabic reader: the mark and the note follow the right-to-left layout. */
export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...withUnknownWords,
      message: 'لنلتقي في بار tapas غدا',
      original_language: 'en',
      translated_by: 'LibreTranslate',
    },
  },
  play: async ({ canvasElement }) => {
    await seesUnknownWord(canvasElement, 'tapas');
    await expect(
      within(canvasElement).getByText(TT.translatedFromBy('English', 'LibreTranslate')),
    ).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewportSize: 'mobile' },
  args: { message: withUnknownWords },
  play: async ({ canvasElement }) => {
    await seesUnknownWord(canvasElement, 'tapas');
  },
};

/** 'Report translation' in the message actions, then 'Thanks — reported.' (pictured after). */
export const ReportSent: Story = {
  args: {
    message: withUnknownWords,
    actions: { onReportTranslation: fn(() => Promise.resolve()) },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: MESSAGE_ACTION_STRINGS.actions }));
    await userEvent.click(canvas.getByRole('button', { name: TT.reportTranslation }));
    await expect(args.actions?.onReportTranslation).toHaveBeenCalledWith(withUnknownWords);
    await waitFor(() => expect(canvas.getByText(TT.reported)).toBeVisible());
    // Reported once: the action is no longer offered.
    await userEvent.click(canvas.getByRole('button', { name: MESSAGE_ACTION_STRINGS.actions }));
    await expect(canvas.queryByRole('button', { name: TT.reportTranslation })).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};

/** The report could not be stored: the reader is told, and may try again. */
export const ReportFailed: Story = {
  args: {
    message: byApertium,
    actions: { onReportTranslation: fn(() => Promise.reject(new Error('offline'))) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: MESSAGE_ACTION_STRINGS.actions }));
    await userEvent.click(canvas.getByRole('button', { name: TT.reportTranslation }));
    await waitFor(() => expect(canvas.getByText(TT.reportFailed)).toBeVisible());
  },
};

/** My own message is never translated for me: nothing to report. */
export const NoReportOnOwnMessage: Story = {
  args: {
    message: { ...byApertium, type: 'sent', translated: false },
    actions: { onReportTranslation: fn(() => Promise.resolve()) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: TT.reportTranslation })).toBeNull();
  },
};

/** Bia, who reads both, corrected it: 'Corrected by bia', the machine's text one tap away. */
const corrected: MessageBubbleMessage = {
  ...byApertium,
  id: 13,
  message: 'Cumplimos en la canal de tren mañana',
  original_message: 'Shall we meet at the train station tomorrow',
  translation_suggestion: {
    text: '¿Quedamos mañana en la estación de tren?',
    author_username: 'bia',
    language: 'es',
  },
};

export const CorrectedBy: Story = {
  args: { message: corrected },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('¿Quedamos mañana en la estación de tren?')).toBeVisible();
    await expect(canvas.getByText(TT.correctedBy('bia'))).toBeVisible();
    await expect(canvas.getByText('Cumplimos en la canal de tren mañana')).not.toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: TT.showMachine }));
    await expect(canvas.getByText('Cumplimos en la canal de tren mañana')).toBeVisible();
    await expect(canvas.getByRole('button', { name: TT.hideMachine })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    // The original is still there too.
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(canvas.getByText(corrected.original_message as string)).toBeVisible();
  },
};

export const CorrectedByRightToLeft: Story = {
  decorators: [rtl],
  args: {
    message: {
      ...corrected,
      message: 'نلتقي في قناة القطار غدا',
      translation_suggestion: {
        text: 'هل نلتقي غدا في محطة القطار؟',
        author_username: 'ليلى',
        language: 'ar',
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(TT.correctedBy('ليلى'))).toBeVisible();
  },
};

/** 'Suggest a better translation': the form names the language, Save sends it. */
export const SuggestForm: Story = {
  args: {
    message: corrected,
    actions: {
      suggestionLanguage: 'Spanish',
      onSuggestTranslation: fn(() => Promise.resolve()),
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: MESSAGE_ACTION_STRINGS.actions }));
    await userEvent.click(canvas.getByRole('button', { name: TT.suggestTranslation }));
    const field = canvas.getByRole('textbox', { name: TT.suggestInto('Spanish') });
    await expect(field).toHaveFocus();
    // It starts from the current suggestion.
    await expect(field).toHaveValue('¿Quedamos mañana en la estación de tren?');
    await userEvent.clear(field);
    await userEvent.type(field, 'Nos vemos mañana en la estación');
    await userEvent.click(canvas.getByRole('button', { name: TT.saveSuggestion }));
    await expect(args.actions?.onSuggestTranslation).toHaveBeenCalledWith(
      corrected,
      'Nos vemos mañana en la estación',
    );
    await waitFor(() => expect(canvas.getByText(TT.suggestionSaved)).toBeVisible());
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** The form open (pictured), on a phone. */
export const SuggestFormPhone: Story = {
  globals: { viewportSize: 'mobile' },
  args: {
    message: byApertium,
    actions: { suggestionLanguage: 'Spanish', onSuggestTranslation: fn(() => Promise.resolve()) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: MESSAGE_ACTION_STRINGS.actions }));
    await userEvent.click(canvas.getByRole('button', { name: TT.suggestTranslation }));
    await expect(canvas.getByRole('textbox', { name: TT.suggestInto('Spanish') })).toHaveValue(
      byApertium.message,
    );
    await expect(canvas.getByText(TT.suggestHint('Spanish'))).toBeVisible();
  },
};

/** The sender's notice (live): a member improved how their message reads in Spanish. */
export const SenderNotified: Story = {
  args: {
    message: {
      ...corrected,
      type: 'sent',
      translated: false,
      message: corrected.original_message as string,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(TT.improvedBy('bia', 'Spanish'))).toBeVisible();
  },
};
