import {
  INTERFACE_LOCALE_NAMES,
  INTERFACE_LOCALES,
  type InterfaceLocale,
} from '@parley/chat-sdk/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LOCALE_STRINGS } from '../../localeStrings';
import { padded } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { InterfaceLanguagePicker } from './InterfaceLanguagePicker';

const S = LOCALE_STRINGS.interfaceLanguagePicker;

const meta = {
  title: 'Components/InterfaceLanguagePicker',
  component: InterfaceLanguagePicker,
  tags: ['autodocs'],
  decorators: [padded],
  args: { value: null, onChange: fn(), allowAutomatic: true },
} satisfies Meta<typeof InterfaceLanguagePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Settings' field: 'Automatic' first, then every locale by its own name, in its own language. */
export const Automatic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: S.label });
    await expect(select).toHaveValue('');
    await expect(select).toHaveAccessibleDescription(S.hint);
    const options = canvas.getAllByRole('option');
    await expect(options).toHaveLength(INTERFACE_LOCALES.length + 1);
    await expect(options[0]).toHaveTextContent(S.automatic);
    for (const locale of INTERFACE_LOCALES) {
      const option = canvas.getByRole('option', { name: INTERFACE_LOCALE_NAMES[locale] });
      await expect(option).toHaveAttribute('lang', locale);
    }
  },
};

export const ChosenSpanish: Story = {
  args: { value: 'es' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: S.label })).toHaveValue('es');
  },
};

/**
 * Closed and untouched, a picker showing a Latin-script name draws with Noto Sans's Latin faces
 * and the system's fonts, so the Arabic and Hindi names of its list (measured by the browser even
 * closed) download no web font; hovered or focused, it takes the page's font for its list.
 */
export const FontOnFirstUse: Story = {
  args: { value: 'en', allowAutomatic: false, compact: true },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: S.compactLabel });
    const family = () => getComputedStyle(select).fontFamily;
    await expect(family()).toMatch(/^"Parley Latin", system-ui/);
    await expect(family()).not.toContain('Noto Sans Arabic');
    await userEvent.hover(select);
    await expect(family()).toMatch(/^"Noto Sans", "Noto Sans Arabic"/);
  },
};

/** Focused from the keyboard, the same: the list it opens shows every name in the page's font. */
export const FontOnKeyboardFocus: Story = {
  args: { value: 'fr', allowAutomatic: false },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: S.label });
    await expect(getComputedStyle(select).fontFamily).toMatch(/^"Parley Latin"/);
    await userEvent.tab();
    await expect(select).toHaveFocus();
    await expect(getComputedStyle(select).fontFamily).toMatch(/^"Noto Sans", "Noto Sans Arabic"/);
  },
};

/** Without 'Automatic' (an app that always knows the locale) and no choice: English is shown. */
export const WithoutAutomatic: Story = {
  args: { allowAutomatic: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: S.label })).toHaveValue('en');
    await expect(canvas.queryByRole('option', { name: S.automatic })).toBeNull();
  },
};

function LivePicker({ onChange }: { onChange: (locale: InterfaceLocale | null) => void }) {
  const [value, setValue] = useState<InterfaceLocale | null>(null);
  return (
    <InterfaceLanguagePicker
      value={value}
      allowAutomatic
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/**
 * Reached with Tab and chosen: a native select, so the arrow keys, type-ahead and the phone's
 * picker are the platform's own (testing-library cannot press keys inside a native select, so the
 * choice itself is made with selectOptions).
 */
export const KeyboardChoose: Story = {
  render: (args) => <LivePicker onChange={args.onChange} />,
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: S.label });
    await userEvent.tab();
    await expect(select).toHaveFocus();
    await userEvent.selectOptions(select, 'es');
    await expect(args.onChange).toHaveBeenLastCalledWith('es');
    await expect(select).toHaveValue('es');
    await userEvent.selectOptions(select, '');
    await expect(args.onChange).toHaveBeenLastCalledWith(null);
    await expect(select).toHaveValue('');
  },
};

/** The signed-out pages' switcher: a globe and a small select, named 'Language' for screen readers. */
export const Compact: Story = {
  args: { compact: true, allowAutomatic: false, value: 'fr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = canvas.getByRole('combobox', { name: S.compactLabel });
    await expect(select).toHaveValue('fr');
    await expect(canvas.queryByText(S.hint)).toBeNull();
  },
};

/** Every locale chosen in turn: each name as its own script draws it (Arabic, Devanagari, Han). */
export const EachLocale: Story = {
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem' }}>
      {INTERFACE_LOCALES.map((locale) => (
        <InterfaceLanguagePicker
          key={locale}
          compact
          value={locale}
          onChange={args.onChange}
          label={`${S.compactLabel} ${locale}`}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const locale of INTERFACE_LOCALES) {
      await expect(
        canvas.getByRole('combobox', { name: `${S.compactLabel} ${locale}` }),
      ).toHaveValue(locale);
    }
  },
};

/** In the Arabic interface: the field and its globe laid out right to left. */
export const RightToLeft: Story = {
  globals: { locale: 'ar' },
  args: { value: 'ar' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox');
    await expect(getComputedStyle(select).direction).toBe('rtl');
    await expect(select).toHaveValue('ar');
  },
};

/** A partner's long label (and the longest language names) wrap instead of overflowing. */
export const LongLabel: Story = {
  args: {
    label:
      'Language of the buttons, menus and notices of this workspace (your messages keep their own language)',
  },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox');
    await expect(select.getBoundingClientRect().right).toBeLessThanOrEqual(
      canvasElement.getBoundingClientRect().right,
    );
  },
};

export const Phone: Story = {
  globals: PHONE,
  args: { compact: true, value: 'hi' },
  play: fitsPhone(async (canvasElement) =>
    expect(within(canvasElement).getByRole('combobox')).toHaveValue('hi'),
  ),
};
