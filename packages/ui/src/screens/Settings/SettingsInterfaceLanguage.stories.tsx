import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pseudoText } from '../../../storybook/locale';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { LOCALE_STRINGS } from '../../localeStrings';
import { signedIn } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { meWith } from '../../mocks/handlers';
import { SettingsScreen } from './Settings';

const P = LOCALE_STRINGS.interfaceLanguagePicker;

async function field(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { level: 1, name: ACCOUNT_STRINGS.settings.title });
  return canvas.getByRole('combobox', { name: P.label });
}

/**
 * Issue 27: 'Interface language', apart from the chat language. The app passes
 * `onInterfaceLanguageChange` (it saves the choice and switches the interface); the value shown is
 * the profile's `interface_language` (a Parley extension: a spec-only server sends none, Automatic).
 */
const meta = {
  title: 'Screens/Settings/Interface language',
  component: SettingsScreen,
  decorators: [signedIn],
  args: {
    onSignedOut: fn(),
    onNavigate: fn(),
    origin: 'https://parley.example',
    onInterfaceLanguageChange: fn(),
  },
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No choice yet: Automatic; choosing Arabic hands 'ar' to the app, Automatic hands null. */
export const Automatic: Story = {
  play: async ({ canvasElement, args }) => {
    const select = await field(canvasElement);
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'ar');
    await expect(args.onInterfaceLanguageChange).toHaveBeenLastCalledWith('ar');
    await userEvent.selectOptions(select, '');
    await expect(args.onInterfaceLanguageChange).toHaveBeenLastCalledWith(null);
  },
};

/** The profile says Spanish (interface_language 'es'): the field shows it. */
export const ChosenSpanish: Story = {
  parameters: { msw: { handlers: { me: meWith({ interface_language: 'es' }) } } },
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await expect(await field(canvasElement)).toHaveValue('es');
  },
};

/** The app gives no handler (a spec-only backend): no field. */
export const WithoutHandler: Story = {
  args: { onInterfaceLanguageChange: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: ACCOUNT_STRINGS.settings.title });
    await expect(canvas.queryByRole('combobox', { name: P.label })).toBeNull();
  },
};

/** The Arabic interface: the screen right to left, the field with it. */
export const Arabic: Story = {
  parameters: { msw: { handlers: { me: meWith({ interface_language: 'ar' }) } } },
  globals: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const select = await field(canvasElement);
    await expect(select).toHaveValue('ar');
    await expect(getComputedStyle(select).direction).toBe('rtl');
  },
};

/**
 * Pseudo-localised (the toolbar's 'pseudo' locale): every catalog word accented and a third longer
 * between ⟦ ⟧, so clipped text (a missing ⟧) and sentences glued from pieces (⟧ ⟦) stand out.
 */
export const Pseudo: Story = {
  globals: { locale: 'pseudo' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('combobox', { name: `⟦${pseudoText('Interface language')}⟧` });
    await expect(canvas.getByRole('option', { name: `⟦${pseudoText('Automatic')}⟧` })).toBeTruthy();
    // Names of languages are not catalog words: they stay as each language writes itself.
    await expect(canvas.getByRole('option', { name: 'Español' })).toBeTruthy();
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone(field),
};
