import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { LegalScreen } from './Legal';
import * as stories from './Legal.stories';

/** The privacy policy in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Legal/Locales',
  component: LegalScreen,
} satisfies Meta<typeof LegalScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Privacy, {
  shows: 'ui.legal.privacy.sections.0.heading',
});

export const Arabic: Story = arabicStory(stories.default, stories.Privacy, {
  shows: 'ui.legal.privacy.sections.0.heading',
});
