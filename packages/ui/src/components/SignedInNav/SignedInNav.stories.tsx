import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { PHONE } from '../../mocks/devices';
import { NAVIGATION_STRINGS } from '../../navigationStrings';
import { SignedInNav } from './SignedInNav';

const N = NAVIGATION_STRINGS;

const meta = {
  title: 'Components/SignedInNav',
  component: SignedInNav,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    person: { id: 1, username: 'ana', first_name: 'Ana', last_name: 'García', profile_image: null },
    currentPath: '/',
    onLogout: fn(),
  },
} satisfies Meta<typeof SignedInNav>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The top bar: the way back to the chats (marked as the current page here) and who I am. */
export const TopBar: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(within(canvasElement).getByRole('navigation', { name: N.mainNav }));
    await expect(nav.getByRole('link', { name: N.chats })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: N.posts })).not.toHaveAttribute('aria-current');
    await expect(
      within(canvasElement).getByRole('button', { name: /^ana\W*account menu$/ }),
    ).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Keyboard: Enter opens the menu, Tab walks it, Escape closes it and focus returns. */
export const IdentityMenuKeyboard: Story = {
  args: { currentPath: '/settings' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: /^ana\W*account menu$/ });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Ana García')).toBeVisible();
    await expect(canvas.getByText('@ana')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: N.profile })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: N.profile })).toHaveAttribute(
      'href',
      '/user/ana',
    );
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(canvas.getByRole('button', { name: N.logout }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open: avatar, name, @username; Profile, Posts, Dashboard, Settings, Logout (pictured open). */
export const IdentityMenuOpen: Story = {
  args: { menuOpen: true, currentPath: '/posts' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of [N.profile, N.posts, N.dashboard, N.settings]) {
      await expect(canvas.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    await expect(canvas.queryByRole('link', { name: N.moderation })).toBeNull();
    await expect(canvas.getByRole('button', { name: N.logout })).toBeVisible();
  },
};

/** Issue 29: a moderator's menu has a way to the review queue; others' menus do not. */
export const IdentityMenuModerator: Story = {
  args: {
    menuOpen: true,
    person: { id: 1, username: 'mia', first_name: 'Mia', last_name: null, moderator: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: N.moderation })).toHaveAttribute(
      'href',
      '/moderation',
    );
  },
};

export const WithoutFullName: Story = {
  args: {
    menuOpen: true,
    person: { id: 7, username: 'a-very-long-username-that-keeps-going-on', profile_image: null },
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('@a-very-long-username-that-keeps-going-on'),
    ).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { menuOpen: true, person: { id: 3, username: 'ليلى', profile_image: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('@ليلى')).toBeVisible();
  },
};

/** Phones: a bottom bar of five tabs instead of the top bar, each a 44 px target. */
export const PhoneBottomBar: Story = {
  globals: PHONE,
  args: { currentPath: '/user/ana' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = within(canvas.getByRole('navigation', { name: N.bottomNav }));
    await expect(bar.getByRole('link', { name: N.profile })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const name of [N.chats, N.posts, N.dashboard, N.settings]) {
      const box = bar.getByRole('link', { name }).getBoundingClientRect();
      await expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await expect(canvas.queryByRole('navigation', { name: N.mainNav })).toBeNull();
  },
};
