import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { LandingScreen } from './Landing';
import * as stories from './Landing.stories';

/** The landing page in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Landing/Locales',
  component: LandingScreen,
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.account.landing.tagline',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.account.landing.tagline',
});
