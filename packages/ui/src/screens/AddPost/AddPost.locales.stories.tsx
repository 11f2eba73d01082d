import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { AddPostScreen } from './AddPostScreen';
import * as stories from './AddPostScreen.stories';

/** The add-post screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/AddPost/Locales',
  component: AddPostScreen,
} satisfies Meta<typeof AddPostScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, {}, { shows: 'ui.addPost.typeLabel' });

export const Arabic: Story = arabicStory(stories.default, {}, { shows: 'ui.addPost.typeLabel' });
