import { SDK_MESSAGES } from '@parley/chat-sdk';
import { setInterfaceLocale } from '@parley/chat-sdk/i18n';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NAVIGATION_STRINGS } from '../navigationStrings';
import { ParleyProvider, useParleyClient, useSession } from './ParleyProvider';

/** How many times the probe was mounted: a locale switch remounts the provider's subtree. */
let mounts = 0;

/** Shows words of the sdk's catalog and of the ui's, the session, and how often it was mounted. */
function Probe() {
  const client = useParleyClient();
  const session = useSession();
  const [mount] = useState(() => {
    mounts += 1;
    return mounts;
  });
  return (
    // The mount count is an attribute, not text: it depends on the stories run before (pictures).
    <div style={{ padding: '1rem' }} data-testid="probe" data-mount={mount}>
      <p data-testid="sdk-words">{SDK_MESSAGES.invalidCredentials}</p>
      <p data-testid="ui-words">{NAVIGATION_STRINGS.logout}</p>
      <p data-testid="session">{session.status}</p>
      <button type="button" onClick={() => void client.session.signIn('ana', 'secret')}>
        Sign in
      </button>
    </div>
  );
}

/** A provider inside the preview's, as a partner's page would hold one, with the story's props. */
function PartnerProvider({
  locale,
  messages,
  children,
}: {
  locale?: 'en' | 'es' | 'ar';
  messages?: Record<string, string>;
  children: ReactNode;
}) {
  const client = useParleyClient();
  return (
    <ParleyProvider client={client} locale={locale} messages={messages}>
      <div data-testid="inside">{children}</div>
    </ParleyProvider>
  );
}

const meta = {
  title: 'Context/ParleyProvider locale',
  component: PartnerProvider,
  tags: ['autodocs'],
  args: { children: <Probe /> },
} satisfies Meta<typeof PartnerProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The app switches the interface (setInterfaceLocale): the tree shows the new words at once, with
 * no reload, and the sdk's state (the signed-in session) is still there.
 */
export const SwitchWithoutReload: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(canvas.getByTestId('session')).toHaveTextContent('signedIn'));
    const before = Number(canvas.getByTestId('probe').dataset.mount);
    await setInterfaceLocale('es');
    await waitFor(() =>
      expect(canvas.getByTestId('sdk-words')).toHaveTextContent('Usuario o contraseña no válidos'),
    );
    await expect(Number(canvas.getByTestId('probe').dataset.mount)).toBeGreaterThan(before);
    await expect(canvas.getByTestId('session')).toHaveTextContent('signedIn');
    await setInterfaceLocale('en');
    await waitFor(() =>
      expect(canvas.getByTestId('sdk-words')).toHaveTextContent('Invalid username or password'),
    );
  },
};

/**
 * A partner's `locale="ar"`: the provider switches the interface to Arabic and its root element
 * reads right to left in Arabic; a partner's own wording (`messages`) wins over Parley's.
 */
export const ArabicWithOverrides: Story = {
  args: { locale: 'ar', messages: { 'ui.navigation.logout': 'Leave the workspace' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByTestId('sdk-words')).toHaveTextContent(
        'اسم المستخدم أو كلمة المرور غير صحيحة',
      ),
    );
    const root = canvas.getByTestId('inside').parentElement;
    await expect(root).toHaveAttribute('dir', 'rtl');
    await expect(root).toHaveAttribute('lang', 'ar');
    await expect(canvas.getByTestId('ui-words')).toHaveTextContent('Leave the workspace');
    await expect(getComputedStyle(canvas.getByTestId('inside')).direction).toBe('rtl');
  },
};

/** `locale="en"`: English at once, left to right, and a partner's wording in English too. */
export const EnglishWithOverrides: Story = {
  args: { locale: 'en', messages: { 'ui.navigation.logout': 'Sign out' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('ui-words')).toHaveTextContent('Sign out');
    const root = canvas.getByTestId('inside').parentElement;
    await expect(root).toHaveAttribute('dir', 'ltr');
    await expect(root).toHaveAttribute('lang', 'en');
  },
};
