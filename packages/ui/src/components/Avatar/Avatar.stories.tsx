import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { avatarPalette } from '../../theme/tokens/colors';
import { AVATAR_SIZES, Avatar, avatarColorIndex } from './Avatar';

// A tiny inline picture, so the story needs no network.
const picture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#0e7490"/><circle cx="32" cy="26" r="12" fill="#e0f2fe"/><rect x="14" y="42" width="36" height="18" rx="9" fill="#e0f2fe"/></svg>',
)}`;

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  decorators: [padded],
  args: { name: 'ana', colorKey: 1 },
  argTypes: { size: { control: 'inline-radio', options: AVATAR_SIZES } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'ana' });
    await expect(avatar).toHaveTextContent('A');
  },
};

export const Playground: Story = { args: { size: 'lg', src: '' } };

export const WithImage: Story = {
  args: { src: picture },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole('img', { name: 'ana' });
    await expect(img.tagName).toBe('IMG');
  },
};

export const BrokenImageFallsBackToInitial: Story = {
  args: { src: '/does-not-exist.png', name: 'bruno' },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(canvasElement).getByRole('img', { name: 'bruno' }).tagName).toBe('SPAN'),
    );
  },
};

const people = ['ana', 'bruno', 'chen', 'dalia', 'emeka', 'fatima', 'giorgos', 'hana'];

/** The initial's colour comes from the user id (or name): the same person keeps the same colour. */
export const PaletteOfFive: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
      {people.map((name, id) => (
        <Avatar key={name} name={name} colorKey={id + 1} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const colours = new Set(
      within(canvasElement)
        .getAllByRole('img')
        .map((el) => getComputedStyle(el).backgroundColor),
    );
    await expect(colours.size).toBeLessThanOrEqual(avatarPalette.length);
    await expect(avatarColorIndex(42)).toBe(avatarColorIndex('42'));
    await expect(avatarColorIndex('ana')).toBe(avatarColorIndex('ana'));
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
      {AVATAR_SIZES.map((size) => (
        <Avatar key={size} {...args} size={size} />
      ))}
    </div>
  ),
};

export const LongName: Story = {
  args: { name: 'Maximiliana Alexandrovna Konstantinopolskaya-Vandermeer' },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'فاطمة', colorKey: 7, size: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'فاطمة' })).toHaveTextContent('ف');
  },
};
