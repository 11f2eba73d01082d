import { GLOBE_FLAG, LANGUAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
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
    await expect(button).toHaveTextContent(`${GLOBE_FLAG}${S.defaultLabel}`);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAccessibleName(`${S.fieldLabel} ${S.defaultLabel}`);
  },
};

export const Playground: Story = { args: { value: 'French', error: '', disabled: false } };

/** The initial value is matched case-insensitively against the list (spec §5). */
export const InitialValueIsCaseInsensitive: Story = {
  args: { value: 'sPaNiSh' },
  play: async ({ canvasElement }) => {
    await expect(trigger(canvasElement)).toHaveTextContent('🇪🇸Spanish');
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
