import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { signedIn } from '../../mocks/decorators';
import { mockUser } from '../../mocks/handlers';
import { UI_STRINGS } from '../../strings';
import { SettingsScreen } from './Settings';

const saved: Record<string, unknown> = {};

const meta = {
  title: 'Screens/Settings/Link previews',
  component: SettingsScreen,
  decorators: [signedIn],
  args: { onSignedOut: fn(), onNavigate: fn(), origin: 'https://parley.example' },
  parameters: {
    msw: {
      handlers: {
        linkPreviews: http.patch('/accounts/update-link-previews/', async ({ request }) => {
          Object.assign(saved, await request.json());
          return HttpResponse.json({ ...mockUser, ...saved });
        }),
      },
    },
  },
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** On unless turned off (a server without the setting sends none: on); the switch saves it. */
export const TurnedOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: ACCOUNT_STRINGS.settings.title });
    const toggle = canvas.getByRole('switch', { name: new RegExp(UI_STRINGS.links.setting) });
    await expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(saved).toMatchObject({ link_previews: false }));
    await expect(toggle).not.toBeChecked();
  },
};
