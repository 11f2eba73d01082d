import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { STORY_NOW } from '../../mocks/chat';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { attachmentHits, perroHits, searchHit } from '../../mocks/messageSearch';
import { UI_STRINGS } from '../../strings';
import { SearchResults } from './SearchResults';

const S = UI_STRINGS.messageSearch;

const meta = {
  title: 'Components/SearchResults',
  component: SearchResults,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
  args: {
    query: 'perro',
    results: perroHits,
    status: 'done',
    onOpen: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
    now: STORY_NOW,
  },
} satisfies Meta<typeof SearchResults>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A Spanish reader's 'perro': found in the translations, and once in an original (labelled). */
export const WithHighlights: Story = {
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: S.resultsLabel });
    const marks = list.querySelectorAll('mark');
    await expect([...marks].map((mark) => mark.textContent)).toEqual(['perro', 'perro', 'perro']);
    await expect(within(list).getByText(S.original)).toBeVisible();
    await expect(within(list).getByText('carla:')).toBeVisible();
    await userEvent.click(within(list).getAllByRole('button')[1] as HTMLElement);
    await expect(args.onOpen).toHaveBeenCalledWith(perroHits[1]);
  },
};

/** Found in a voice note's transcript and in a file's name ('estacion', accents folded): labelled. */
export const InTranscriptAndFileName: Story = {
  args: { query: 'estacion', results: attachmentHits },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: S.resultsLabel });
    const marks = list.querySelectorAll('mark');
    await expect([...marks].map((mark) => mark.textContent)).toEqual(['estación', 'estación']);
    await expect(within(list).getByText(S.inTranscript)).toBeVisible();
    await expect(within(list).getByText(S.inFileName)).toBeVisible();
  },
};

/** Arrow keys, Home and End move through the results; Enter opens one. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const buttons = within(canvasElement).getAllByRole('button');
    buttons[0]?.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(buttons[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(buttons[2]).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(buttons[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(perroHits[0]);
  },
};

export const Loading: Story = {
  args: { status: 'loading', results: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(S.searching);
  },
};

export const Empty: Story = {
  args: { query: 'elefante', results: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      'No messages found for “elefante”.',
    );
  },
};

export const Failed: Story = {
  args: { status: 'failed', results: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(S.failed);
    await userEvent.click(canvas.getByRole('button', { name: S.tryAgain }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A spec-only backend has no message search (404). */
export const Unavailable: Story = {
  args: { status: 'unavailable', results: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.unavailable)).toBeVisible();
  },
};

/** Older hits come a page at a time. */
export const MoreResults: Story = {
  args: { hasMore: true },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: S.showOlder }));
    await expect(args.onLoadMore).toHaveBeenCalledOnce();
  },
};

const longText = `${'Ayer fuimos al parque con los niños y pasamos toda la tarde jugando a la pelota, '.repeat(4)}y al final el perro de la vecina se escapó otra vez, así que lo buscamos por todo el barrio hasta la noche.`;

/** A long message: cut a little before the match (with an ellipsis), two lines at most. */
export const LongText: Story = {
  args: {
    results: [
      searchHit({ text: longText, words: ['perro'] }),
      searchHit({
        text: 'perro',
        words: ['perro'],
        room: {
          name: 'an-extremely-long-username-that-must-be-truncated-in-the-list',
          room_name: 'private-1-9',
        },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const first = within(canvasElement).getAllByRole('button')[0] as HTMLElement;
    await expect(first.querySelector('mark')).toHaveTextContent('perro');
    await expect(first).toHaveAccessibleName(/…/);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    query: 'كلب',
    results: [
      searchHit({
        text: 'عندي كلب اسمه توبي',
        original: 'I have a dog called Toby.',
        words: ['كلب'],
        room: { name: 'ليلى', room_name: 'private-1-5' },
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('mark')).toHaveTextContent('كلب');
  },
};

/** On a phone (360 px): nothing scrolls sideways, every result is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('list', { name: S.resultsLabel })),
};
