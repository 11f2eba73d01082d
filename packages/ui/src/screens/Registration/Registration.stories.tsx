import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { registerFieldErrors, registerHangs, registerServerError } from '../../mocks/handlers';
import { UI_STRINGS } from '../../strings';
import { RegistrationScreen, type RegistrationValues, RegistrationView } from './Registration';

const S = UI_STRINGS.registration;
const E = S.errors;

const meta = {
  title: 'Screens/Registration',
  component: RegistrationScreen,
  tags: ['autodocs'],
  args: { onRegistered: fn() },
} satisfies Meta<typeof RegistrationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const complete: RegistrationValues = {
  language: 'Spanish',
  username: 'ana',
  gender: 'FEMALE',
  email: 'ana@example.com',
  phone: '+34 600 000 000',
  password: 'secret',
};

async function fill(canvasElement: HTMLElement, values: Partial<RegistrationValues>) {
  const canvas = within(canvasElement);
  if (values.language) {
    await userEvent.click(canvas.getByRole('button', { name: /Language/ }));
    await userEvent.type(
      canvas.getByRole('combobox', { name: UI_STRINGS.languagePicker.searchLabel }),
      values.language,
    );
    await userEvent.keyboard('{Enter}');
  }
  if (values.username)
    await userEvent.type(canvas.getByLabelText(S.usernameLabel), values.username);
  if (values.gender)
    await userEvent.selectOptions(canvas.getByLabelText(S.genderLabel), values.gender);
  if (values.email) await userEvent.type(canvas.getByLabelText(S.emailLabel), values.email);
  if (values.phone) await userEvent.type(canvas.getByLabelText(S.phoneLabel), values.phone);
  if (values.password)
    await userEvent.type(canvas.getByLabelText(S.passwordLabel), values.password);
}

const submit = (canvasElement: HTMLElement) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: S.submit }));

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: S.title })).toBeVisible();
    await expect(canvas.getByText(S.subtitle)).toBeVisible();
    await expect(canvas.getByLabelText(S.emailLabel)).toHaveAttribute('type', 'email');
    await expect(canvas.getByLabelText(S.phoneLabel)).toHaveAttribute('type', 'tel');
    await expect(canvas.getByLabelText(S.passwordLabel)).toHaveAttribute('type', 'password');
    const gender = canvas.getByLabelText(S.genderLabel) as HTMLSelectElement;
    await expect(Array.from(gender.options).map((o) => [o.value, o.text])).toEqual([
      ['', 'Select Gender'],
      ['MALE', 'Male'],
      ['FEMALE', 'Female'],
      ['OTHER', 'Other'],
    ]);
    await expect(canvas.getByText(S.haveAccount)).toBeVisible();
    await expect(canvas.getByRole('link', { name: S.login })).toHaveAttribute('href', '/login');
    // Nothing is shown before a field is touched.
    await expect(canvas.queryByText(E.username)).toBeNull();
  },
};

/** The pure view, driven by controls. */
export const Playground: StoryObj<typeof RegistrationView> = {
  render: (args) => <RegistrationView {...args} />,
  args: {
    busy: false,
    serverErrors: { username: 'Username already exists' },
    defaultValues: { username: 'ana' },
    onSubmit: fn(),
  },
};

export const EveryRequiredMessageOnSubmit: Story = {
  play: async ({ canvasElement, args }) => {
    await submit(canvasElement);
    const canvas = within(canvasElement);
    for (const message of Object.values(E)) {
      await expect(canvas.getByText(message)).toBeVisible();
    }
    await expect(canvas.getByLabelText(S.usernameLabel)).toHaveAccessibleDescription(E.username);
    await expect(canvas.getByRole('button', { name: /Language/ })).toHaveAccessibleDescription(
      E.language,
    );
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

export const TouchedOnBlurOnly: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText(S.usernameLabel));
    await userEvent.tab();
    await expect(canvas.getByText(E.username)).toBeVisible();
    await expect(canvas.queryByText(E.email)).toBeNull();
    await expect(canvas.queryByText(E.password)).toBeNull();
    await userEvent.type(canvas.getByLabelText(S.usernameLabel), 'ana');
    await expect(canvas.queryByText(E.username)).toBeNull();
  },
};

export const WhitespaceCountsAsEmpty: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, { ...complete, username: '   ', phone: ' \t ' });
    await submit(canvasElement);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(E.username)).toBeVisible();
    await expect(canvas.getByText(E.phone)).toBeVisible();
    await expect(canvas.queryByText(E.email)).toBeNull();
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

export const Registers: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    await waitFor(() => expect(args.onRegistered).toHaveBeenCalledTimes(1));
  },
};

export const UsernameAlreadyExists: Story = {
  parameters: {
    msw: { handlers: { register: registerFieldErrors({ username: ['Username already exists'] }) } },
  },
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Username already exists')).toBeVisible();
    await expect(canvas.getByLabelText(S.usernameLabel)).toHaveAccessibleDescription(
      'Username already exists',
    );
    await expect(canvas.queryByText('Email already exists')).toBeNull();
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

export const EmailAlreadyExists: Story = {
  parameters: {
    msw: { handlers: { register: registerFieldErrors({ email: ['Email already exists'] }) } },
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Email already exists')).toBeVisible();
    await expect(canvas.getByLabelText(S.emailLabel)).toHaveAccessibleDescription(
      'Email already exists',
    );
    // Editing the field clears the server's message.
    await userEvent.type(canvas.getByLabelText(S.emailLabel), 'x');
    await expect(canvas.queryByText('Email already exists')).toBeNull();
  },
};

/** Any other failure shows nothing (spec §8: logged only) and the form stays as it was. */
export const OtherFailureIsOnlyLogged: Story = {
  parameters: { msw: { handlers: { register: registerServerError } } },
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: S.submit })).toBeEnabled());
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByLabelText(S.usernameLabel)).toHaveValue('ana');
    await expect(args.onRegistered).not.toHaveBeenCalled();
  },
};

export const BusyWhileCreating: Story = {
  parameters: { msw: { handlers: { register: registerHangs } } },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, complete);
    await submit(canvasElement);
    await expect(
      await within(canvasElement).findByRole('button', { name: S.busy }),
    ).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Busy: Story = {
  render: () => <RegistrationView busy defaultValues={complete} onSubmit={fn()} />,
};

export const WithServerErrors: Story = {
  render: () => (
    <RegistrationView
      defaultValues={complete}
      serverErrors={{ username: 'Username already exists', email: 'Email already exists' }}
      onSubmit={fn()}
    />
  ),
  play: async ({ canvasElement }) => {
    // Server errors show once the field is touched (here: on submit).
    await submit(canvasElement);
    await expect(within(canvasElement).getByText('Email already exists')).toBeVisible();
  },
};

export const LongText: Story = {
  render: () => (
    <RegistrationView
      defaultValues={{
        ...complete,
        language: 'Haitian Creole',
        username: 'averyveryveryveryveryveryveryveryverylongusername',
        email: 'averyveryveryveryveryveryveryverylongaddress@example-university.edu',
      }}
      onSubmit={fn()}
    />
  ),
};

export const RightToLeft: Story = {
  decorators: [rtl],
  render: () => (
    <RegistrationView defaultValues={{ language: 'Arabic', username: 'أحمد' }} onSubmit={fn()} />
  ),
};

/** The picker shows what this server translates (GET /meta/capabilities) before sign-up. */
export const LanguagesShowWhatTheServerTranslates: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Language/ }));
    await expect(
      await canvas.findByRole('option', {
        name: `Catalan, ${UI_STRINGS.languagePicker.translatedWith(7)}`,
      }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('option', {
        name: `Tongan, ${UI_STRINGS.languagePicker.notTranslatedAtAll}`,
      }),
    ).toBeVisible();
  },
};

/** Registration on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('heading', { level: 1 })),
};

/** Registration on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('heading', { level: 1 })),
};
