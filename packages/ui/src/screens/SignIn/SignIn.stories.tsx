import { PRODUCT_NAME, SDK_MESSAGES } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { loginFails, loginHangs, mockUser } from '../../mocks/handlers';
import { loginSuspended, SUSPENDED_DETAIL } from '../../mocks/moderation';
import { UI_STRINGS } from '../../strings';
import { SignInScreen, SignInView } from './SignIn';

const S = UI_STRINGS.signIn;

const meta = {
  title: 'Screens/SignIn',
  component: SignInScreen,
  tags: ['autodocs'],
  args: { onSignedIn: fn() },
} satisfies Meta<typeof SignInScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fillAndSubmit(canvasElement: HTMLElement, username = 'ana', password = 'secret') {
  const canvas = within(canvasElement);
  if (username) await userEvent.type(canvas.getByPlaceholderText(S.usernamePlaceholder), username);
  if (password) await userEvent.type(canvas.getByPlaceholderText(S.passwordPlaceholder), password);
  await userEvent.click(canvas.getByRole('button', { name: S.submit }));
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      `Sign in to ${PRODUCT_NAME}`,
    );
    await expect(canvas.getByText(S.welcome)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: S.usernameLabel })).toBeVisible();
    await expect(canvas.getByPlaceholderText(S.passwordPlaceholder)).toHaveAttribute(
      'type',
      'password',
    );
    await expect(
      canvas.getByRole('link', { name: "Don't have an account? Sign up" }),
    ).toHaveAttribute('href', '/register');
  },
};

/** The pure view, driven by controls. */
export const Playground: StoryObj<typeof SignInView> = {
  render: (args) => <SignInView {...args} />,
  args: { productName: PRODUCT_NAME, busy: false, error: '', onSubmit: fn() },
};

export const SignsIn: Story = {
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement);
    await waitFor(() =>
      expect(args.onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ id: mockUser.id })),
    );
  },
};

export const BusyWhileSigningIn: Story = {
  parameters: { msw: { handlers: { login: loginHangs } } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement);
    const button = await within(canvasElement).findByRole('button', { name: S.busy });
    // Busy, and it keeps the focus the press gave it.
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(button).toHaveFocus();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

export const InvalidCredentials: Story = {
  parameters: { msw: { handlers: { login: loginFails } } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'ana', 'wrong');
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(SDK_MESSAGES.invalidCredentials);
    await expect(within(canvasElement).getByRole('button', { name: S.submit })).toBeEnabled();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** Issue 29: a suspended account's sign-in shows the server's words (with the end), not 'invalid'. */
export const SuspendedAccount: Story = {
  parameters: { msw: { handlers: { login: loginSuspended } } },
  play: async ({ canvasElement, args }) => {
    await fillAndSubmit(canvasElement, 'bruno', 'secret');
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(SUSPENDED_DETAIL);
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** No client-side validation: even empty fields are sent, and the server's answer is shown. */
export const EmptyFieldsAreSent: Story = {
  parameters: { msw: { handlers: { login: loginFails } } },
  play: async ({ canvasElement }) => {
    await fillAndSubmit(canvasElement, '', '');
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      SDK_MESSAGES.invalidCredentials,
    );
  },
};

/** The spec's 'Forgot password?' leads nowhere: it is focusable, aria-disabled and explains why. */
export const ForgotPasswordLeadsNowhere: Story = {
  play: async ({ canvasElement }) => {
    const forgot = within(canvasElement).getByRole('button', { name: S.forgotPassword });
    await expect(forgot).toHaveAttribute('aria-disabled', 'true');
    await expect(forgot).toHaveAccessibleDescription(S.forgotPasswordUnavailable);
    await userEvent.click(forgot);
    await expect(window.location.pathname).not.toContain('forgot');
  },
};

export const Busy: Story = {
  render: () => <SignInView productName={PRODUCT_NAME} busy onSubmit={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: S.busy })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

export const WithError: Story = {
  render: () => (
    <SignInView
      productName={PRODUCT_NAME}
      error={SDK_MESSAGES.invalidCredentials}
      onSubmit={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      SDK_MESSAGES.invalidCredentials,
    );
  },
};

export const LongText: Story = {
  render: () => (
    <SignInView
      productName="The Partner Community Multilingual Conversation Platform"
      defaultUsername="averyveryveryveryveryverylongusername@example-university.edu"
      onSubmit={fn()}
    />
  ),
};

export const RightToLeft: Story = {
  decorators: [rtl],
  render: () => <SignInView productName="بارلي" defaultUsername="أحمد" onSubmit={fn()} />,
};

/** Sign-in on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};

/** Sign-in on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('heading', { level: 1 })),
};
