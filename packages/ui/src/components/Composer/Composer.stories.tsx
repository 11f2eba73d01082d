import type { Correction } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { Composer } from './Composer';

const S = UI_STRINGS.chat;

const meta = {
  title: 'Components/Composer',
  component: Composer,
  tags: ['autodocs'],
  args: { onSend: fn(), onTyping: fn(), onStopTyping: fn() },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

const parts = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    box: canvas.getByRole('textbox', { name: S.composerLabel }),
    send: canvas.getByRole('button', { name: S.send }),
  };
};

/** The composer as a conversation shows it: empty, ready to type. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toBeEnabled();
  },
};

/** Every prop is a control: try any combination in the Controls panel. */
export const Playground: Story = {
  args: { disabled: false, autoCorrect: false },
};

export const SendDisabledWhileEmpty: Story = {
  play: async ({ canvasElement, args }) => {
    const { box, send } = parts(canvasElement);
    await expect(send).toBeDisabled();
    // Whitespace only is still empty.
    await userEvent.type(box, '   ');
    await expect(send).toBeDisabled();
    await userEvent.type(box, '{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.type(box, 'hi');
    await expect(send).toBeEnabled();
  },
};

export const EnterSendsShiftEnterAddsALine: Story = {
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    await expect(box).toHaveValue('first line\nsecond line');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('first line\nsecond line');
    await expect(box).toHaveValue('');
  },
};

export const SendButton: Story = {
  play: async ({ canvasElement, args }) => {
    const { box, send } = parts(canvasElement);
    await userEvent.type(box, '  hello  ');
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith('hello');
    await expect(send).toBeDisabled();
  },
};

export const TypingEvents: Story = {
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'abc');
    await expect(args.onTyping).toHaveBeenCalledTimes(3);
    await userEvent.tab();
    await expect(args.onStopTyping).toHaveBeenCalledOnce();
  },
};

export const WithFileOnly: Story = {
  args: { hasFile: true },
  play: async ({ canvasElement }) => {
    await expect(parts(canvasElement).send).toBeEnabled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'draft' },
  play: async ({ canvasElement }) => {
    const { box, send } = parts(canvasElement);
    await expect(box).toBeDisabled();
    await expect(send).toBeDisabled();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'مرحبا{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('مرحبا');
  },
};

/** A stand-in for api.corrections.check: flags 'amgo' and 'mañna' wherever they occur. */
const DICTIONARY: Record<string, string[]> = {
  amgo: ['amigo', 'amago'],
  mañna: ['mañana'],
  qzx: [],
};

function findMisspellings(text: string): Correction[] {
  const found: Correction[] = [];
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const replacements = DICTIONARY[match[0]];
    if (replacements)
      found.push({
        offset: match.index,
        length: match[0].length,
        word: match[0],
        message: 'Possible spelling mistake found.',
        replacements,
      });
  }
  return found;
}

const checkSpelling = fn(async (text: string) => findMisspellings(text));

const C = UI_STRINGS.corrections;

export const UnderlinesAndSuggests: Story = {
  args: { checkSpelling, onAutoCorrectChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'hola amgo, nos vemos mañna');
    // Debounced: one check ~500 ms after the last keystroke, of the whole draft.
    const flagged = await canvas.findByRole(
      'button',
      { name: C.flagged('amgo') },
      { timeout: 5000 },
    );
    await expect(args.checkSpelling).toHaveBeenLastCalledWith(
      'hola amgo, nos vemos mañna',
      expect.any(AbortSignal),
    );
    await expect(canvas.getByText(C.count(2))).toBeVisible();
    // The underline layer marks both words at their place in the text.
    const marks = canvasElement.querySelectorAll('mark');
    await expect([...marks].map((m) => m.textContent)).toEqual(['amgo', 'mañna']);
    // Keyboard: open the menu, move to the second suggestion, choose it.
    flagged.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await canvas.findByRole('menu', { name: C.suggestionsFor('amgo') });
    await expect(within(menu).getByRole('menuitem', { name: 'amigo' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'amago' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    await expect(box).toHaveValue('hola amigo, nos vemos mañna');
    // The other flag moved with the text and still works, by pointer.
    await userEvent.click(canvas.getByRole('button', { name: C.flagged('mañna') }));
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'mañana' }));
    await expect(box).toHaveValue('hola amigo, nos vemos mañana');
    await expect(canvas.queryByRole('button', { name: C.flagged('mañna') })).toBeNull();
  },
};

export const EscapeClosesTheMenu: Story = {
  args: { checkSpelling, defaultValue: 'qzx' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const flagged = await canvas.findByRole(
      'button',
      { name: C.flagged('qzx') },
      { timeout: 5000 },
    );
    await userEvent.click(flagged);
    const menu = await canvas.findByRole('menu');
    await expect(within(menu).getByText(C.noSuggestions)).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(flagged).toHaveFocus();
    // Ignore hides the flag; the text is unchanged.
    await userEvent.click(flagged);
    await userEvent.click(await canvas.findByRole('menuitem', { name: C.ignore }));
    await expect(canvas.queryByRole('button', { name: C.flagged('qzx') })).toBeNull();
    await expect(parts(canvasElement).box).toHaveValue('qzx');
  },
};

export const AutoCorrectOffSendsAsTyped: Story = {
  args: { checkSpelling, autoCorrect: false, onAutoCorrectChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: C.autoCorrect });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'hola amgo');
    await canvas.findByRole('button', { name: C.flagged('amgo') }, { timeout: 5000 });
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('hola amgo');
    await userEvent.click(toggle);
    await expect(args.onAutoCorrectChange).toHaveBeenCalledWith(true);
  },
};

export const AutoCorrectOnAppliesFirstSuggestions: Story = {
  args: { checkSpelling, autoCorrect: true, onAutoCorrectChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: C.autoCorrect })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const { box } = parts(canvasElement);
    // Sent at once, before the debounced check: a fresh check of the exact text is made first.
    await userEvent.type(box, 'amgo, hasta mañna{Enter}');
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('amigo, hasta mañana'));
    await expect(box).toHaveValue('');
    // With the check already in: the latest check is used.
    await userEvent.type(box, 'adiós amgo');
    await canvas.findByRole('button', { name: C.flagged('amgo') }, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: S.send }));
    await expect(args.onSend).toHaveBeenLastCalledWith('adiós amigo');
  },
};

export const SpellingRightToLeft: Story = {
  decorators: [rtl],
  args: {
    // 'مرحبا' without its tanween is flagged; the corrected 'مرحباً' (which contains it) is not.
    checkSpelling: fn(async (text: string) => {
      const at = text.search(/مرحبا(?!ً)/);
      return at < 0
        ? []
        : [{ offset: at, length: 5, word: 'مرحبا', message: '', replacements: ['مرحباً'] }];
    }),
    onAutoCorrectChange: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'مرحبا يا صديقي');
    await userEvent.click(
      await canvas.findByRole('button', { name: C.flagged('مرحبا') }, { timeout: 5000 }),
    );
    await userEvent.click(await canvas.findByRole('menuitem', { name: 'مرحباً' }));
    await expect(box).toHaveValue('مرحباً يا صديقي');
    // The corrected text is checked again and nothing is left flagged (the picture's state).
    await waitFor(() =>
      expect(args.checkSpelling).toHaveBeenLastCalledWith('مرحباً يا صديقي', expect.anything()),
    );
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: C.flagged('مرحبا') })).toBeNull(),
    );
  },
};

export const AutoCorrectWithoutAnswerSendsAsTyped: Story = {
  args: {
    checkSpelling: fn(async () => {
      throw new Error('Corrections are unavailable right now.');
    }),
    autoCorrect: true,
    onAutoCorrectChange: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const { box } = parts(canvasElement);
    await userEvent.type(box, 'hola amgo{Enter}');
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('hola amgo'));
    await expect(box).toHaveValue('');
  },
};

/** A narrow phone composer: the placeholder keeps to one line (the box is one line tall). */
export const PhonePlaceholderOneLine: Story = {
  globals: PHONE,
  decorators: [(Story) => <div style={{ width: 140 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox');
    const empty = box.getBoundingClientRect().height;
    await userEvent.type(box, 'Hi');
    const oneLine = box.getBoundingClientRect().height;
    await expect(empty).toBe(oneLine);
    await userEvent.clear(box);
  },
};
