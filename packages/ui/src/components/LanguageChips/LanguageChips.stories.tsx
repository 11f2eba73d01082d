import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { LanguageChips } from './LanguageChips';

const meta = {
  title: 'Components/LanguageChips',
  component: LanguageChips,
  tags: ['autodocs'],
  decorators: [padded],
  args: { codes: ['es'] },
} satisfies Meta<typeof LanguageChips>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One language, named in itself, and read out as 'Languages: Español'. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Languages: Español');
    await expect(within(canvasElement).getByText('Español')).toHaveAttribute('lang', 'es');
  },
};

export const Several: Story = { args: { codes: ['es', 'en', 'de', 'ar', 'hi', 'ru', 'pt'] } };

/** A spec-only backend sends no languages: nothing is drawn. */
export const None: Story = {
  args: { codes: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe('');
  },
};

export const RightToLeft: Story = { args: { codes: ['ar', 'he', 'en'] }, decorators: [rtl] };
