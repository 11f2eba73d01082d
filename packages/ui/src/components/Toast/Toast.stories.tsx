import { TIMINGS } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { padded, rtl } from '../../mocks/decorators';
import { Button } from '../Button/Button';
import { TOAST_TONES, Toast } from './Toast';
import { useToast } from './ToastProvider';

const message = 'WebSocket rejected due to unauthenticated session.';

/** Uses the ToastProvider that the Storybook decorator puts around every story. */
function ShowToastButton() {
  const toast = useToast();
  return <Button onClick={() => toast.show({ message, tone: 'error' })}>Show toast</Button>;
}

const meta = {
  title: 'Components/Toast',
  component: Toast,
  tags: ['autodocs'],
  decorators: [padded],
  args: { message, tone: 'info', onDismiss: fn() },
  argTypes: { tone: { control: 'inline-radio', options: TOAST_TONES } },
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: 'Dismiss notification' }),
    );
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};

export const Playground: Story = { args: { tone: 'success', message: 'Saved.' } };

export const Tones: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '0.5rem', maxWidth: '24rem' }}>
      {TOAST_TONES.map((tone) => (
        <Toast key={tone} {...args} tone={tone} message={`${tone}: ${args.message}`} />
      ))}
    </div>
  ),
};

export const LongText: Story = {
  args: {
    message:
      'Something went wrong while uploading voice. Check your connection and try again; the recording is kept until you delete it or send it successfully.',
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { message: 'حدث خطأ أثناء تحميل الصوت.' },
};

/** Through useToast: announced in a polite live region, closes by itself after 3 s. */
export const AutoCloses: Story = {
  render: () => <ShowToastButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await expect(region.querySelector('[aria-live="polite"]')).not.toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await expect(await within(region).findByText(message)).toBeVisible();
    await waitFor(() => expect(within(region).queryByText(message)).toBeNull(), {
      timeout: TIMINGS.toastAutoCloseMs + 2000,
    });
  },
};

export const Dismissible: Story = {
  render: () => <ShowToastButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Dismiss notification' }));
    await expect(canvas.queryByText(message)).toBeNull();
  },
};

export const PausesWhileHovered: Story = {
  render: () => <ShowToastButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    const toast = await canvas.findByText(message);
    await userEvent.hover(toast);
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.toastAutoCloseMs + 500));
    await expect(canvas.getByText(message)).toBeVisible();
    await userEvent.unhover(toast);
    await waitFor(() => expect(canvas.queryByText(message)).toBeNull(), {
      timeout: TIMINGS.toastAutoCloseMs + 2000,
    });
  },
};

/** The same notice twice (a socket rejected again) shows once, its time started over. */
export const RepeatsAreNotStacked: Story = {
  render: () => <ShowToastButton />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Notifications' });
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await expect(await within(region).findByText(message)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show toast' }));
    await expect(within(region).getAllByText(message)).toHaveLength(1);
  },
};
