import {
  interfaceLocale,
  onInterfaceLocaleChange,
  setInterfaceLocale,
} from '@parley/chat-sdk/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSyncExternalStore } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { englishLeftIn } from '../../../storybook/expectNoEnglishLeft';
import { InterfaceLanguagePicker } from '../../components/InterfaceLanguagePicker/InterfaceLanguagePicker';
import { LOCALE_STRINGS } from '../../localeStrings';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { loginFails } from '../../mocks/handlers';
import { UI_STRINGS } from '../../strings';

const S = UI_STRINGS.signIn;

import { SignInScreen } from './SignIn';

const P = LOCALE_STRINGS.interfaceLanguagePicker;

/**
 * The app's switcher for signed-out visitors (issue 27) as the sign-in page shows it in its
 * `languageSwitcher` slot: the app follows the browser first and switches on a choice, without a
 * reload (here as the app would: setInterfaceLocale).
 */
function Switcher() {
  // Read from the sdk, not kept here: a switch remounts the page (ParleyProvider's key).
  const locale = useSyncExternalStore((onChange) => {
    const stop = onInterfaceLocaleChange(onChange);
    return () => void stop();
  }, interfaceLocale);
  return (
    <InterfaceLanguagePicker
      compact
      value={locale}
      onChange={(next) => void setInterfaceLocale(next ?? 'en')}
    />
  );
}

const meta = {
  title: 'Screens/SignIn/Language switcher',
  component: SignInScreen,
  args: { onSignedIn: fn(), languageSwitcher: <Switcher /> },
} satisfies Meta<typeof SignInScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: P.compactLabel })).toHaveValue('en');
    // The switcher comes first on the page, so a visitor who cannot read English finds it at once.
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: P.compactLabel })).toHaveFocus();
  },
};

/**
 * Choosing Arabic switches the page without a reload: a failed sign-in then says so in Arabic
 * (the sdk's catalog; the ui's own words follow once its Arabic catalog is merged), and no English
 * of that message is left on the page (expectNoEnglishLeft's finder).
 */
export const SwitchesToArabic: Story = {
  parameters: { msw: { handlers: { login: loginFails } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: P.compactLabel }), 'ar');
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: P.compactLabel })).toHaveValue('ar'),
    );
    await userEvent.type(canvas.getByPlaceholderText(S.usernamePlaceholder), 'ana');
    await userEvent.type(canvas.getByPlaceholderText(S.passwordPlaceholder), 'wrong');
    await userEvent.click(canvas.getByRole('button', { name: S.submit }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('اسم المستخدم أو كلمة المرور غير صحيحة');
    await expect(englishLeftIn(canvasElement)).not.toContain('text "Invalid username or password"');
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(async (canvasElement) =>
    within(canvasElement).findByRole('combobox', { name: P.compactLabel }),
  ),
};
