import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { NotFoundScreen } from './NotFound';

const S = UI_STRINGS.notFound;

const meta = {
  title: 'Screens/NotFound',
  component: NotFoundScreen,
  tags: ['autodocs'],
} satisfies Meta<typeof NotFoundScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('404')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
    await expect(canvas.getByText(S.text)).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.home })).toHaveAttribute('href', '/');
  },
};

export const RightToLeft: Story = { decorators: [rtl] };

/** The not-found page on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};

/** The not-found page on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('heading', { level: 1 })),
};
