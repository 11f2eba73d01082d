import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { QrCode } from './QrCode';

const meta = {
  title: 'Components/QrCode',
  component: QrCode,
  tags: ['autodocs'],
  decorators: [padded],
  args: { value: 'https://parley.example/user/ana', label: 'QR code of ana’s profile' },
} satisfies Meta<typeof QrCode>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The settings code: 160 px, error correction level H. */
export const Settings: Story = {
  play: async ({ canvasElement }) => {
    const code = within(canvasElement).getByRole('img', { name: 'QR code of ana’s profile' });
    await expect(code).toHaveAttribute('width', '160');
    await expect(code).toHaveAttribute('data-qr-level', 'H');
    await expect(code.querySelectorAll('path').length).toBeGreaterThan(0);
  },
};

/** The library default used elsewhere: 256 px, level L. */
export const LibraryDefault: Story = {
  args: { size: 256, level: 'L' },
  play: async ({ canvasElement }) => {
    const code = within(canvasElement).getByRole('img');
    await expect(code).toHaveAttribute('width', '256');
  },
};

export const LongUrl: Story = {
  args: { value: `https://parley.example/join-org/${'x'.repeat(200)}` },
};

export const RightToLeft: Story = { decorators: [rtl] };
