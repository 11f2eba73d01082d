import { LANGUAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { mockLanguageCapabilities } from '../../mocks/languages';
import { UI_STRINGS } from '../../strings';
import { LanguagePicker, type LanguagePickerProps } from './LanguagePicker';

const S = UI_STRINGS.languagePicker;

function Controlled(props: LanguagePickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <div style={{ maxWidth: '20rem', minHeight: '22rem' }}>
      <LanguagePicker
        {...props}
        value={value}
        onChange={(name) => {
          setValue(name);
          props.onChange(name);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Components/LanguagePicker',
  component: LanguagePicker,
  tags: ['autodocs'],
  decorators: [padded],
  render: (args) => <Controlled {...args} />,
  args: { value: null, onChange: fn(), onBlur: fn(), label: S.fieldLabel },
} satisfies Meta<typeof LanguagePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (el: HTMLElement) => within(el).getByRole('button', { name: /Language/ });

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const button = trigger(canvasElement);
    await expect(button).toHaveTextContent(S.defaultLabel);
    // The default flag is a drawn globe, not an emoji that depends on the machine's fonts.
    await expect(button.querySelector('[data-country="globe"] svg')).not.toBeNull();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAccessibleName(`${S.fieldLabel} ${S.defaultLabel}`);
  },
};

export const Playground: Story = { args: { value: 'French', error: '', disabled: false } };

/** The initial value is matched case-insensitively against the list (spec §5). */
export const InitialValueIsCaseInsensitive: Story = {
  args: { value: 'sPaNiSh' },
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveTextContent('Spanish');
    const flag = within(trigger(canvasElement)).getByRole('img');
    await expect(flag).toHaveAccessibleName('Spanish');
    await waitFor(() => expect(flag.querySelector('svg')).not.toBeNull());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox')).toHaveAttribute('placeholder', S.searchPlaceholder);
    const list = canvas.getByRole('listbox');
    await expect(within(list).getAllByRole('option')).toHaveLength(LANGUAGES.length);
    await expect(getComputedStyle(list).maxHeight).toBe('256px'); // 16rem
    await expect(list.scrollHeight).toBeGreaterThan(list.clientHeight);
  },
};

export const ChoosingReportsTheName: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(trigger(canvasElement));
    await userEvent.click(canvas.getByRole('option', { name: /Japanese/ }));
    await expect(args.onChange).toHaveBeenCalledWith('Japanese');
    await expect(canvas.queryByRole('listbox')).toBeNull();
    await expect(trigger(canvasElement)).toHaveTextContent('Japanese');
    await expect(trigger(canvasElement)).toHaveFocus();
  },
};

export const TypingFilters: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(trigger(canvasElement));
    const search = canvas.getByRole('combobox');
    await expect(search).toHaveFocus();
    await userEvent.type(search, 'TOK');
    const options = canvas.getAllByRole('option');
    await expect(options).toHaveLength(1);
    await expect(options[0]).toHaveTextContent('Tok Pisin');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('Tok Pisin');
  },
};

export const NoMatches: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(trigger(canvasElement));
    await userEvent.type(canvas.getByRole('combobox'), 'zzzz');
    await expect(canvas.getByText(S.noMatches)).toBeVisible();
    await expect(canvas.queryByRole('option')).toBeNull();
    await expect(canvas.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(trigger(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const search = canvas.getByRole('combobox');
    await expect(search).toHaveFocus();
    const activeName = () =>
      document.getElementById(search.getAttribute('aria-activedescendant') ?? '')?.textContent;
    await expect(activeName()).toContain(LANGUAGES[0]?.name);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(activeName()).toContain(LANGUAGES[2]?.name);
    await userEvent.keyboard('{ArrowUp}');
    await expect(activeName()).toContain(LANGUAGES[1]?.name);
    await userEvent.keyboard('{End}');
    await expect(activeName()).toContain(LANGUAGES[LANGUAGES.length - 1]?.name);
    await userEvent.keyboard('{Home}');
    await expect(activeName()).toContain(LANGUAGES[0]?.name);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(LANGUAGES[1]?.name);
    await expect(trigger(canvasElement)).toHaveFocus();
    // Reopening starts on the chosen language.
    await userEvent.keyboard('{Enter}');
    await expect(activeName()).toContain(LANGUAGES[1]?.name);
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(trigger(canvasElement));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('listbox')).toBeNull();
    await expect(trigger(canvasElement)).toHaveFocus();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const OutsideClickCloses: Story = {
  render: (args) => (
    <div>
      <Controlled {...args} />
      <p>Somewhere else on the page</p>
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(trigger(canvasElement));
    await expect(canvas.getByRole('listbox')).toBeVisible();
    await userEvent.click(canvas.getByText('Somewhere else on the page'));
    await waitFor(() => expect(canvas.queryByRole('listbox')).toBeNull());
    await expect(trigger(canvasElement)).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(args.onBlur).toHaveBeenCalled();
  },
};

export const WithError: Story = {
  args: { error: UI_STRINGS.registration.errors.language },
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveAccessibleDescription('Please select a language');
  },
};

export const Disabled: Story = { args: { disabled: true, value: 'German' } };

export const LongName: Story = {
  args: {
    languages: [
      { name: 'A language with an extraordinarily long name for testing', flag: '🏳️', code: 'x1' },
      ...LANGUAGES.slice(0, 3),
    ],
    value: 'A language with an extraordinarily long name for testing',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { value: 'Arabic', defaultOpen: true, label: 'اللغة' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Arabic/ })).toBeVisible();
  },
};

/**
 * Flags are SVG images (country-flag-icons), so they show on Windows and without an emoji font,
 * each named after its language; the text next to it keeps the option's own name plain.
 */
export const FlagsAreImages: Story = {
  args: { defaultOpen: true, value: 'Welsh' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('listbox');
    const welsh = within(list).getByRole('option', { name: 'Welsh' });
    const flag = within(welsh).getByRole('img', { name: 'Welsh' });
    await expect(flag).toHaveAttribute('data-country', 'GB-WLS');
    // The images load on first use, as one small module.
    await waitFor(() => expect(flag.querySelector('svg')).not.toBeNull());
    await expect(welsh).toHaveTextContent(/^Welsh$/);
    for (const option of within(list).getAllByRole('option')) {
      const name = option.textContent ?? '';
      await expect(within(option).getByRole('img')).toHaveAccessibleName(name);
      // No regional-indicator emoji anywhere.
      await expect(name).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    }
  },
};

/** Capabilities unknown (loading, or the call failed): the picker claims nothing. */
export const CapabilitiesUnknown: Story = {
  args: { defaultOpen: true, capabilities: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('option', { name: 'Catalan' })).toBeVisible();
    await expect(canvas.queryByText(S.reach(0, LANGUAGES.length))).toBeNull();
    await expect(canvas.getByRole('listbox')).not.toHaveAttribute('aria-describedby');
  },
};

/**
 * What this server can do with each language: how many languages it is translated with, read
 * aloud, transcribed — as badges, said in words to screen readers, with a legend.
 */
export const WithCapabilities: Story = {
  args: { defaultOpen: true, capabilities: mockLanguageCapabilities },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('listbox');
    const english = within(list).getByRole('option', { name: /^English,/ });
    await expect(english).toHaveAccessibleName(
      `English, ${S.translatedWith(7)}, ${S.spoken}, ${S.transcribed}`,
    );
    await expect(within(list).getByRole('option', { name: /^German,/ })).toHaveAccessibleName(
      `German, ${S.notTranslatedAtAll}`,
    );
    // Romanian is only translated one way (into Spanish): it has no two-way partner.
    await expect(within(list).getByRole('option', { name: /^Romanian,/ })).toHaveAccessibleName(
      `Romanian, ${S.notTranslatedAtAll}`,
    );
    await expect(within(list).getByRole('option', { name: /^Russian,/ })).toHaveAccessibleName(
      `Russian, ${S.translatedWith(1)}`,
    );
    const legend = canvas.getByText(S.reach(15, LANGUAGES.length));
    await expect(legend).toBeVisible();
    await expect(list).toHaveAccessibleDescription(expect.stringContaining(S.legendWith));
  },
};

/** Relative to the reader's language: both ways, one way only, or not at all. */
export const RelativeToReader: Story = {
  args: { defaultOpen: true, capabilities: mockLanguageCapabilities, readerLanguage: 'English' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const option = (name: string) => canvas.getByRole('option', { name: new RegExp(`^${name}`) });
    await expect(option('Italian')).toHaveAccessibleName(
      `Italian, ${S.translatedBothWays('English')}, ${S.spoken}`,
    );
    await expect(option('Icelandic')).toHaveAccessibleName(
      `Icelandic, ${S.translatedIntoReader('English')}`,
    );
    await expect(option('Romanian')).toHaveAccessibleName(
      `Romanian, ${S.translatedIntoReader('English')}`,
    );
    await expect(option('Russian')).toHaveAccessibleName(`Russian, ${S.notTranslated('English')}`);
    await expect(option('English')).toHaveAccessibleName(`English, ${S.spoken}, ${S.transcribed}`);
    await expect(canvas.getByText(S.legendIntoReader('English'))).toBeVisible();
  },
};

export const CapabilitiesRightToLeft: Story = {
  decorators: [rtl],
  args: {
    defaultOpen: true,
    value: 'Arabic',
    capabilities: mockLanguageCapabilities,
    readerLanguage: 'Spanish',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('option', { name: /^Portuguese/ }),
    ).toHaveAccessibleName(`Portuguese, ${S.translatedBothWays('Spanish')}, ${S.spoken}`);
  },
};

/** The server's `corrections` extension: what nspell and Hunspell check on a Debian install. */
const withCorrections = {
  ...mockLanguageCapabilities,
  corrections: {
    engine: 'nspell+hunspell',
    languages: ['ca', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'uk'],
  },
};

/** Languages whose drafts get spelling corrections carry one more badge, explained below. */
export const WithCorrections: Story = {
  args: { defaultOpen: true, capabilities: withCorrections, readerLanguage: 'English' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const option = (name: string) => canvas.getByRole('option', { name: new RegExp(`^${name}`) });
    await expect(option('Italian')).toHaveAccessibleName(
      `Italian, ${S.translatedBothWays('English')}, ${S.spoken}, ${S.corrected}`,
    );
    await expect(option('Dutch')).toHaveAccessibleName(
      `Dutch, ${S.notTranslated('English')}, ${S.corrected}`,
    );
    // Japanese is not checked: no correction badge, and its name says nothing about spelling.
    await expect(option('Japanese')).toHaveAccessibleName(
      `Japanese, ${S.notTranslated('English')}`,
    );
    await expect(option('Polish').querySelector('[data-kind="corrected"]')).not.toBeNull();
    await expect(option('Japanese').querySelector('[data-kind="corrected"]')).toBeNull();
    await expect(canvas.getByRole('listbox')).toHaveAccessibleDescription(
      expect.stringContaining(S.corrected),
    );
  },
};

export const WithCorrectionsRightToLeftPhone: Story = {
  decorators: [rtl],
  globals: { viewport: { value: 'phone', isRotated: false } },
  args: {
    defaultOpen: true,
    value: 'Arabic',
    capabilities: withCorrections,
    readerLanguage: 'Spanish',
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('option', { name: /^Portuguese/ }),
    ).toHaveAccessibleName(
      `Portuguese, ${S.translatedBothWays('Spanish')}, ${S.spoken}, ${S.corrected}`,
    );
  },
};

/**
 * The Spanish interface: each language is named in Spanish with its English picker name beside it;
 * both are searchable ('ingl' and 'English' find it), and the value reported stays the picker name
 * (the spec's wire value). Badges speak of the reader's language in Spanish too.
 */
export const Spanish: Story = {
  globals: { locale: 'es' },
  args: { value: 'German', capabilities: mockLanguageCapabilities, readerLanguage: 'English' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trigger(canvasElement)).toHaveTextContent('alemán'));
    await userEvent.click(trigger(canvasElement));
    const search = canvas.getByRole('combobox');
    await userEvent.type(search, 'ingl');
    await expect(canvas.getByRole('option', { name: /^inglés English/ })).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'Spanish');
    const spanish = canvas.getByRole('option', { name: /^español Spanish/ });
    await expect(spanish).toHaveAccessibleName(
      expect.stringContaining(S.translatedBothWays('inglés')),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith('Spanish');
    await expect(trigger(canvasElement)).toHaveTextContent('español');
  },
};

/** The Arabic interface, open: names in Arabic, the English names beside them, right to left. */
export const ArabicOpen: Story = {
  globals: { locale: 'ar' },
  args: { defaultOpen: true, value: 'Arabic' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(trigger(canvasElement)).toHaveTextContent('العربية'));
    await expect(canvas.getByRole('option', { name: /^الإنجليزية English/ })).toBeVisible();
  },
};
