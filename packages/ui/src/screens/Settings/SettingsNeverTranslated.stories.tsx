import { NEVER_TRANSLATED_PATHS } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { signedIn } from '../../mocks/decorators';
import { meWith } from '../../mocks/handlers';
import { UI_STRINGS } from '../../strings';
import { SettingsScreen } from './Settings';

const N = UI_STRINGS.neverTranslated;

/** The person's glossary as the stand-in server keeps it during one story. */
let words: string[] = [];
const calls: { path: string; word: unknown }[] = [];

async function wordOf(request: Request): Promise<string> {
  const body = (await request.json()) as { word: string };
  return body.word;
}

const meta = {
  title: 'Screens/Settings/Never translated',
  component: SettingsScreen,
  decorators: [signedIn],
  args: { onSignedOut: fn(), onNavigate: fn(), origin: 'https://parley.example' },
  parameters: {
    msw: {
      handlers: {
        // A Parley server (it sends read_receipts), so the section is offered.
        me: meWith({ read_receipts: true }),
        neverTranslated: http.get(NEVER_TRANSLATED_PATHS.words, () => HttpResponse.json({ words })),
        addNeverTranslated: http.post(NEVER_TRANSLATED_PATHS.words, async ({ request }) => {
          const word = await wordOf(request);
          calls.push({ path: 'add', word });
          words = [...words, word];
          return HttpResponse.json({ words }, { status: 201 });
        }),
        removeNeverTranslated: http.post(NEVER_TRANSLATED_PATHS.remove, async ({ request }) => {
          const word = await wordOf(request);
          calls.push({ path: 'remove', word });
          words = words.filter((w) => w !== word);
          return HttpResponse.json({ words });
        }),
      },
    },
  },
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The section loads the list when opened; adding and removing save at once. */
export const AddAndRemove: Story = {
  play: async ({ canvasElement }) => {
    words = ['churros'];
    calls.length = 0;
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: ACCOUNT_STRINGS.settings.title });
    await userEvent.click(await canvas.findByText(N.title));
    const list = await canvas.findByRole('list', { name: N.listLabel });
    await expect(within(list).getByText('churros')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: N.fieldLabel }), 'tapas{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(canvas.getByRole('button', { name: N.removeLabel('churros') }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    await expect(calls).toEqual([
      { path: 'add', word: 'tapas' },
      { path: 'remove', word: 'churros' },
    ]);
  },
};

/** A save the server refuses: the list stays, and an alert says so. */
export const SaveFails: Story = {
  parameters: {
    msw: {
      handlers: {
        addNeverTranslated: http.post(NEVER_TRANSLATED_PATHS.words, () =>
          HttpResponse.json({ detail: 'Too many.' }, { status: 400 }),
        ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    words = [];
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: ACCOUNT_STRINGS.settings.title });
    await userEvent.click(await canvas.findByText(N.title));
    await expect(await canvas.findByText(N.empty)).toBeVisible();
    const field = canvas.getByRole('textbox', { name: N.fieldLabel });
    await userEvent.type(field, 'tapas{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(N.saveFailed);
    await expect(field).toHaveValue('tapas');
  },
};
