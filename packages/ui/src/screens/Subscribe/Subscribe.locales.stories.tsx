import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { SubscribeScreen } from './Subscribe';
import * as stories from './Subscribe.stories';

/** The subscribe screen preparing checkout in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/Subscribe/Locales',
  component: SubscribeScreen,
} satisfies Meta<typeof SubscribeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Loading, {
  shows: 'ui.account.subscribe.loading',
});

export const Arabic: Story = arabicStory(stories.default, stories.Loading, {
  shows: 'ui.account.subscribe.loading',
});
