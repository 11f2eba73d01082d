import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl, signedIn } from '../../mocks/decorators';
import { fitsPhone, fitsTablet, PHONE, TABLET } from '../../mocks/devices';
import { defaultHandlers } from '../../mocks/handlers';
import { socialHandlers } from '../../mocks/social';
import { UI_STRINGS } from '../../strings';
import { AddPostScreen } from './AddPostScreen';

const S = UI_STRINGS.addPost;

const created: [string, string][][] = [];

const meta = {
  title: 'Screens/AddPost',
  component: AddPostScreen,
  tags: ['autodocs'],
  decorators: [signedIn],
  args: { onDone: fn() },
  parameters: {
    msw: {
      handlers: {
        ...defaultHandlers,
        ...socialHandlers,
        createPost: http.post('/posts/create/', async ({ request }) => {
          const form = await request.formData();
          created.push(
            [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`]),
          );
          return HttpResponse.json(
            { id: 9, content_type: 'image', content_url: null, caption: '', categories: [1] },
            { status: 201 },
          );
        }),
      },
    },
  },
} satisfies Meta<typeof AddPostScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'beach.png', { type: 'image/png' });

export const PostsAnImage: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    created.length = 0;
    const file = await canvas.findByLabelText(S.fileLabel);
    await expect(file).toHaveAttribute('accept', 'image/*');
    await userEvent.upload(file, png());
    await userEvent.type(canvas.getByRole('textbox', { name: S.captionLabel }), 'La playa');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Travel' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Food' }));
    await userEvent.click(canvas.getByRole('button', { name: S.submit }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledOnce());
    // Publishing is confirmed.
    await expect(
      await within(document.body).findByText(UI_STRINGS.addPost.published),
    ).toBeInTheDocument();
    // Settled for the picture: the toast closes by itself.
    await waitFor(
      () => expect(within(document.body).queryByText(UI_STRINGS.addPost.published)).toBeNull(),
      { timeout: 6000 },
    );
    await expect(created).toEqual([
      [
        ['content_type', 'image'],
        ['caption', 'La playa'],
        ['categories', '1'],
        ['categories', '2'],
        ['file', 'file:beach.png'],
      ],
    ]);
  },
};

export const RequiresCategoryAndFile: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: S.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.noCategory);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Travel' }));
    await userEvent.click(canvas.getByRole('button', { name: S.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.noFile);
    // Video asks for video files.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: S.typeLabel }), 'video');
    await expect(canvas.getByLabelText(S.fileLabel)).toHaveAttribute('accept', 'video/*');
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

export const TextClearsTheFile: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    created.length = 0;
    await userEvent.upload(await canvas.findByLabelText(S.fileLabel), png());
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: S.typeLabel }), 'text');
    await expect(canvas.queryByLabelText(S.fileLabel)).toBeNull();
    await userEvent.type(canvas.getByRole('textbox', { name: S.captionLabel }), 'Hello');
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Music' }));
    await userEvent.click(canvas.getByRole('button', { name: S.submit }));
    await waitFor(() => expect(args.onDone).toHaveBeenCalledOnce());
    await expect(created[0]).toEqual([
      ['content_type', 'text'],
      ['caption', 'Hello'],
      ['categories', '5'],
    ]);
    // Settled for the picture: the 'published' toast closes by itself.
    await waitFor(
      () => expect(within(document.body).queryByText(UI_STRINGS.addPost.published)).toBeNull(),
      { timeout: 6000 },
    );
  },
};

export const Cancel: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: S.cancel }));
    await expect(args.onDone).toHaveBeenCalledOnce();
  },
};

export const ServerFails: Story = {
  parameters: {
    msw: {
      handlers: {
        createPost: http.post('/posts/create/', () =>
          HttpResponse.json({ detail: 'boom' }, { status: 500 }),
        ),
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(
      await canvas.findByRole('combobox', { name: S.typeLabel }),
      'text',
    );
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Travel' }));
    await userEvent.click(canvas.getByRole('button', { name: S.submit }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(S.failed);
    await expect(args.onDone).not.toHaveBeenCalled();
  },
};

export const LoadingCategories: Story = {
  parameters: {
    msw: {
      handlers: {
        categories: http.get('/posts/categories/', async () => {
          await delay('infinite');
          return HttpResponse.json([]);
        }),
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(
      S.loadingCategories,
    );
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: S.title }),
    ).toBeVisible();
  },
};

/** The add-post form on a phone (360 px): nothing scrolls sideways, every control is a 44 px target. */
export const Phone: Story = {
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('checkbox', { name: 'Travel' })),
};

/** The add-post form on a tablet (820 px): nothing scrolls sideways. */
export const Tablet: Story = {
  globals: TABLET,
  play: fitsTablet((el) => within(el).findByRole('checkbox', { name: 'Travel' })),
};
