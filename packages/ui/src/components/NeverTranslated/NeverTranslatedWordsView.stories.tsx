import { NEVER_TRANSLATED_LIMITS } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import {
  NeverTranslatedWordsView,
  type NeverTranslatedWordsViewProps,
} from './NeverTranslatedWordsView';

const S = UI_STRINGS.neverTranslated;

/** The view holding its own list, as the connected section does with the server's answers. */
function Stateful(props: NeverTranslatedWordsViewProps) {
  const [words, setWords] = useState(props.words);
  return (
    <NeverTranslatedWordsView
      {...props}
      words={words}
      onAdd={async (word) => {
        await props.onAdd(word);
        setWords((list) =>
          list?.some((w) => w.toLowerCase() === word.toLowerCase())
            ? list
            : [...(list ?? []), word],
        );
        return true;
      }}
      onRemove={(word) => {
        props.onRemove(word);
        setWords((list) => list?.filter((w) => w !== word) ?? null);
      }}
    />
  );
}

/** Settings' 'Words never translated' (issue 26): the sender's glossary. */
const meta = {
  title: 'Components/NeverTranslatedWordsView',
  component: NeverTranslatedWordsView,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    words: [],
    onAdd: fn(async () => true),
    onRemove: fn(),
    onRetry: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof NeverTranslatedWordsView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No words yet: typing one and pressing Enter adds it, and the field empties. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(S.empty)).toBeVisible();
    const field = canvas.getByRole('textbox', { name: S.fieldLabel });
    await userEvent.type(field, '  tapas {Enter}');
    await expect(args.onAdd).toHaveBeenCalledWith('tapas');
    const list = await canvas.findByRole('list', { name: S.listLabel });
    await expect(within(list).getByText('tapas')).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(''));
  },
};

/** Several words; each has its own Remove button, reachable by keyboard. */
export const SeveralWords: Story = {
  args: { words: ['tapas', 'Parley Pro', 'churros', 'Bo', 'R2D2'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: S.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    canvas.getByRole('button', { name: S.removeLabel('churros') }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith('churros');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
  },
};

/** The longest word there may be, with no space to break at, wraps inside its chip. */
export const LongWord: Story = {
  args: { words: ['x'.repeat(NEVER_TRANSLATED_LIMITS.wordMaxLength), 'tapas'] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const field = canvas.getByRole('textbox', { name: S.fieldLabel });
    await userEvent.type(field, 'y'.repeat(NEVER_TRANSLATED_LIMITS.wordMaxLength + 1));
    await userEvent.click(canvas.getByRole('button', { name: S.add }));
    await expect(
      await canvas.findByText(S.tooLong(NEVER_TRANSLATED_LIMITS.wordMaxLength)),
    ).toBeVisible();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** Loading failed: the reason as an alert, and a way to try again. */
export const LoadError: Story = {
  args: { words: null, error: S.loadFailed },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.loadFailed);
    await userEvent.click(canvas.getByRole('button', { name: S.retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { words: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.loading);
  },
};

/** A right-to-left page with Arabic and Hebrew words. */
export const RightToLeft: Story = {
  args: { words: ['مرحبا', 'שלום', 'tapas'] },
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: S.listLabel });
    await expect(within(list).getByText('مرحبا')).toBeVisible();
  },
};

export const Phone: Story = {
  args: { words: ['tapas', 'Parley Pro', 'x'.repeat(NEVER_TRANSLATED_LIMITS.wordMaxLength)] },
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('list', { name: S.listLabel })),
};
