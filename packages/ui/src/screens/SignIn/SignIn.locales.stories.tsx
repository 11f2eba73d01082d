import type { Meta, StoryObj } from '@storybook/react-vite';
import { arabicStory, spanishStory } from '../../../storybook/localeStories';
import { SignInScreen } from './SignIn';
import * as stories from './SignIn.stories';

/** The sign-in screen in Spanish (no English left) and Arabic (right to left), pictured. */
const meta = {
  title: 'Screens/SignIn/Locales',
  component: SignInScreen,
} satisfies Meta<typeof SignInScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Spanish: Story = spanishStory(stories.default, stories.Default, {
  shows: 'ui.signIn.welcome',
});

export const Arabic: Story = arabicStory(stories.default, stories.Default, {
  shows: 'ui.signIn.welcome',
});
