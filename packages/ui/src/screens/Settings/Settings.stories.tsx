import type { CurrentUser } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { meWith, mockUser } from '../../mocks/handlers';
import { socialHandlers } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { SettingsScreen, SettingsView } from './Settings';

const S = ACCOUNT_STRINGS.settings;

/** The story signs in first (MSW); the screen appears once it has. */
async function rendered(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: S.title }, { timeout: 5000 });
  return canvas;
}
const saved: Record<string, unknown> = {};

const saveHandlers = {
  language: http.patch('/accounts/update-language/', async ({ request }) => {
    Object.assign(saved, await request.json());
    return HttpResponse.json({ ...mockUser, ...saved });
  }),
  mute: http.patch('/accounts/update-mute-sounds/', async ({ request }) => {
    Object.assign(saved, await request.json());
    return HttpResponse.json({ ...mockUser, ...saved });
  }),
  voice: http.patch('/accounts/update-voice-output/', async ({ request }) => {
    Object.assign(saved, await request.json());
    return HttpResponse.json({ ...mockUser, ...saved });
  }),
  theme: http.post('/accounts/update-chat-theme/', async ({ request }) => {
    Object.assign(saved, await request.json());
    return HttpResponse.json({ ...mockUser, ...saved });
  }),
  image: http.patch('/accounts/update-profile-image/', async () => {
    await delay('infinite');
    return HttpResponse.json(mockUser);
  }),
};

const meta = {
  title: 'Screens/Settings',
  component: SettingsScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { onSignedOut: fn(), onNavigate: fn(), origin: 'https://parley.example' },
  parameters: { msw: { handlers: saveHandlers } },
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.notifications })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await expect(canvas.getByText('ana')).toBeVisible();
    for (const [name, href] of [
      [S.dashboard, '/dashboard'],
      [S.privacy, '/privacy'],
      [S.terms, '/terms'],
    ] as const) {
      await expect(canvas.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Not subscribed: the plans show.
    await expect(canvas.getByRole('button', { name: 'Choose Personal' })).toBeVisible();
  },
};

/** Toggles and theme apply in the interface at once, then save with the spec's bodies. */
export const TogglesAndThemeSave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const mute = canvas.getByRole('switch', { name: S.muteSounds });
    await userEvent.click(mute);
    await expect(mute).toBeChecked();
    const voice = canvas.getByRole('switch', { name: new RegExp(S.voiceResponse) });
    await expect(voice).toBeChecked();
    await userEvent.click(voice);
    await expect(voice).not.toBeChecked();
    await userEvent.click(canvas.getByText(S.chatTheme, { selector: 'summary' }));
    await userEvent.click(canvas.getByRole('radio', { name: /Ocean/ }));
    await expect(canvas.getByRole('radio', { name: /Ocean/ })).toBeChecked();
    await waitFor(() =>
      expect(saved).toMatchObject({
        mute_sounds: true,
        voice_output_enabled: false,
        chat_theme: 'blue',
      }),
    );
  },
};

export const QrCodeOfProfile: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await userEvent.click(canvas.getByText(S.qrCode, { selector: 'summary' }));
    const code = canvas.getByRole('img', { name: S.qrLabel('https://parley.example/user/ana') });
    await expect(code).toHaveAttribute('width', '160');
    await expect(code).toHaveAttribute('data-qr-level', 'H');
  },
};

export const UploadingImage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const input = canvas.getByLabelText(S.changeImage);
    await userEvent.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await expect(await canvas.findByRole('status')).toHaveTextContent(S.uploading);
    await expect(input).toBeDisabled();
  },
};

export const RefusesNonImages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const input = canvas.getByLabelText(S.changeImage) as HTMLInputElement;
    // The accept filter is a hint; a file that is not an image is refused anyway.
    input.accept = '';
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.imageOnly);
  },
};

export const ChoosingAPlanGoesToCheckout: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      (await rendered(canvasElement)).getByRole('button', { name: 'Choose Organization' }),
    );
    await expect(args.onNavigate).toHaveBeenCalledWith('/subscribe/organization?seats=10');
  },
};

export const Subscriber: Story = {
  parameters: {
    msw: { handlers: { me: meWith({ subscription_active: true, is_lifetime: true }) } },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await (await rendered(canvasElement)).findByText(
        ACCOUNT_STRINGS.subscription.lifetimePremium,
      ),
    ).toBeVisible();
  },
};

/** Issue 25: a Parley server offers the read receipts switch; turning it off saves it. */
export const ReadReceiptsSwitch: Story = {
  parameters: {
    msw: {
      handlers: {
        me: meWith({ read_receipts: true }),
        receipts: http.patch('/accounts/update-read-receipts/', async ({ request }) => {
          Object.assign(saved, await request.json());
          return HttpResponse.json({ ...mockUser, read_receipts: true, ...saved });
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const receipts = await canvas.findByRole('switch', {
      name: new RegExp(UI_STRINGS.receipts.setting),
    });
    await expect(receipts).toBeChecked();
    await userEvent.click(receipts);
    await expect(receipts).not.toBeChecked();
    await waitFor(() => expect(saved).toMatchObject({ read_receipts: false }));
  },
};

export const Logout: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click((await rendered(canvasElement)).getByRole('button', { name: S.logout }));
    await waitFor(() => expect(args.onSignedOut).toHaveBeenCalled());
  },
};

const longUser: CurrentUser = {
  ...mockUser,
  username: 'a_really_long_username_that_keeps_going_and_going',
  chat_theme: 'light',
};

/** The pure view, expanded, for each chat theme and right to left. */
/** Blocked people: the section loads its list when opened; Unblock takes a person off it. */
export const BlockedPeopleSection: Story = {
  parameters: {
    msw: { handlers: { blocked: socialHandlers.blocked, unblock: socialHandlers.unblock } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const B = UI_STRINGS.blockedPeople;
    await expect(canvas.queryByRole('list', { name: B.listLabel })).toBeNull();
    await userEvent.click(canvas.getByText(B.title));
    const list = await canvas.findByRole('list', { name: B.listLabel });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: B.unblockLabel('dmitri') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await expect(canvas.getByText(UI_STRINGS.profile.unblocked('dmitri'))).toBeVisible();
  },
};

/**
 * The Account area opens from its summary and holds change password, download
 * my data and delete account; after a deletion the app is sent to sign-in.
 */
export const AccountSection: Story = {
  parameters: {
    msw: {
      handlers: {
        deleteAccount: http.post(
          '/accounts/delete-account/',
          () => new HttpResponse(null, { status: 204 }),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    const A = ACCOUNT_STRINGS.accountControls;
    await expect(canvas.queryByLabelText(A.currentPassword)).toBeNull();
    await userEvent.click(canvas.getByText(A.title));
    await expect(await canvas.findByLabelText(A.currentPassword)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: A.deleteOpen }));
    const dialog = within(await canvas.findByRole('dialog', { name: A.deleteDialogTitle }));
    await userEvent.type(dialog.getByLabelText(A.deletePassword), 'secret{Enter}');
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalledWith('/login'));
  },
};

export const ViewExpandedLight: StoryObj<typeof SettingsView> = {
  render: (args) => <SettingsView {...args} />,
  args: {
    user: longUser,
    origin: 'https://parley.example',
    expanded: true,
    onLanguageChange: fn(),
    onMuteSoundsChange: fn(),
    onVoiceOutputChange: fn(),
    onThemeChange: fn(),
    onImageSelected: fn(),
    onChoosePlan: fn(),
    onLogout: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(
      (await rendered(canvasElement)).getByRole('radio', { name: /Light/ }),
    ).toBeChecked();
  },
};

export const ViewRightToLeft: StoryObj<typeof SettingsView> = {
  ...ViewExpandedLight,
  args: {
    ...ViewExpandedLight.args,
    user: { ...mockUser, chat_theme: 'blue', language: 'Arabic' },
  },
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(
      (await rendered(canvasElement)).getByRole('radio', { name: /Ocean/ }),
    ).toBeChecked();
  },
};

/** This device's notifications, off: turning the switch on is the person's action that asks. */
export const DeviceNotificationsOff: StoryObj<typeof SettingsView> = {
  ...ViewExpandedLight,
  args: {
    ...ViewExpandedLight.args,
    user: mockUser,
    expanded: false,
    deviceNotifications: { state: 'off', onChange: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = await rendered(canvasElement);
    const toggle = canvas.getByRole('switch', { name: new RegExp(S.deviceNotifications) });
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleDescription(S.deviceNotificationsHint);
    await userEvent.click(toggle);
    await expect(args.deviceNotifications?.onChange).toHaveBeenCalledWith(true);
  },
};

/** On, but this browser has no push service: notifications only while Parley is open. */
export const DeviceNotificationsOnWithoutPush: StoryObj<typeof SettingsView> = {
  ...DeviceNotificationsOff,
  args: {
    ...DeviceNotificationsOff.args,
    deviceNotifications: { state: 'on', pushUnavailable: true, onChange: fn() },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(
      canvas.getByRole('switch', { name: new RegExp(S.deviceNotifications) }),
    ).toBeChecked();
    await expect(canvas.getByText(S.deviceNotificationsNoPush)).toBeVisible();
  },
};

/** The browser refused permission: the switch stays off and says where to change it. */
export const DeviceNotificationsBlocked: StoryObj<typeof SettingsView> = {
  ...DeviceNotificationsOff,
  args: {
    ...DeviceNotificationsOff.args,
    deviceNotifications: { state: 'blocked', onChange: fn() },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    const toggle = canvas.getByRole('switch', { name: new RegExp(S.deviceNotifications) });
    await expect(toggle).toBeDisabled();
    await expect(canvas.getByText(S.deviceNotificationsBlocked)).toBeVisible();
  },
};

/** No notifications in this browser. */
export const DeviceNotificationsUnsupported: StoryObj<typeof SettingsView> = {
  ...DeviceNotificationsOff,
  args: {
    ...DeviceNotificationsOff.args,
    deviceNotifications: { state: 'unsupported', onChange: fn() },
  },
  play: async ({ canvasElement }) => {
    const canvas = await rendered(canvasElement);
    await expect(
      canvas.getByRole('switch', { name: new RegExp(S.deviceNotifications) }),
    ).toBeDisabled();
    await expect(canvas.getByText(S.deviceNotificationsUnsupported)).toBeVisible();
  },
};

/** Settings on a phone: one column, nothing wider than the screen, every control a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(rendered),
};

/** Settings on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet(rendered),
};
