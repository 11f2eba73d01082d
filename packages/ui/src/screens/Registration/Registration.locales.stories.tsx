import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { RegistrationScreen } from './Registration';
import * as stories from './Registration.stories';

/** The registration screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Registration/Locales',
  component: RegistrationScreen,
} satisfies Meta<typeof RegistrationScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.registration.subtitle',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.registration.subtitle',
});
