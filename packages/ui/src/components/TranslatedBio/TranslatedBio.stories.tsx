import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { UI_STRINGS } from '../../strings';
import { TranslatedBio } from './TranslatedBio';

const T = UI_STRINGS.translation;
const SPANISH = 'Profesora de música en Sevilla. Me encanta el flamenco.';
const ENGLISH = 'Music teacher in Seville. I love flamenco.';

const meta = {
  title: 'Components/TranslatedBio',
  component: TranslatedBio,
  tags: ['autodocs'],
  decorators: [padded],
  args: {
    bio: SPANISH,
    translation: { text: ENGLISH, language: 'en', original_language: 'es' },
    empty: UI_STRINGS.profile.noBio,
  },
} satisfies Meta<typeof TranslatedBio>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Read in English: the translation first, the Spanish original one tap away, and back. */
export const Translated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(ENGLISH)).toHaveAttribute('lang', 'en');
    await userEvent.click(canvas.getByRole('button', { name: T.viewOriginal }));
    await expect(canvas.getByText(SPANISH)).toHaveAttribute('lang', 'es');
    await userEvent.click(canvas.getByRole('button', { name: T.hideOriginal }));
    await expect(canvas.getByText(ENGLISH)).toBeVisible();
  },
};

/** A spec-only backend (or a bio in the reader's own language): the bio as written, no toggle. */
export const AsWritten: Story = {
  args: { translation: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(SPANISH)).toBeVisible();
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};

export const Empty: Story = { args: { bio: '', translation: undefined } };

export const LongText: Story = {
  args: {
    bio: 'Políglota y viajera. '.repeat(20),
    translation: {
      text: 'Polyglot and traveller. '.repeat(20),
      language: 'en',
      original_language: 'es',
    },
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: {
    bio: 'أدرّس الموسيقى في إشبيلية.',
    translation: { text: 'I teach music in Seville.', language: 'en', original_language: 'ar' },
  },
};

export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByText(ENGLISH)),
};
