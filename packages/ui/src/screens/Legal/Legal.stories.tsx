import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LEGAL_TEXT } from '../../legalText';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { LegalScreen } from './Legal';

const meta = {
  title: 'Screens/Legal',
  component: LegalScreen,
  tags: ['autodocs'],
  args: { page: 'privacy', onBack: fn() },
} satisfies Meta<typeof LegalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Privacy: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      LEGAL_TEXT.privacy.title,
    );
    await expect(canvas.getByRole('heading', { name: 'Who sees your messages' })).toBeVisible();
    await expect(canvas.getByText(/Apertium/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: LEGAL_TEXT.back }));
    await expect(args.onBack).toHaveBeenCalled();
  },
};

export const Terms: Story = {
  args: { page: 'terms' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      LEGAL_TEXT.terms.title,
    );
    await expect(canvas.getByText(/\$9\.99 per month/)).toBeVisible();
  },
};

export const RightToLeft: Story = { args: { page: 'terms' }, decorators: [rtl] };

/** The terms on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  args: { page: 'terms' },
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};

/** The terms on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  args: { page: 'terms' },
  play: fitsTablet((el) => within(el).findByRole('heading', { level: 1 })),
};
