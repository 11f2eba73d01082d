import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { rtl } from '../../mocks/decorators';
import { UI_STRINGS } from '../../strings';
import { ReportDialog } from './ReportDialog';

const R = UI_STRINGS.report;

const meta = {
  title: 'Components/ReportDialog',
  component: ReportDialog,
  tags: ['autodocs'],
  args: { open: true, name: 'bo', onClose: fn(), onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof ReportDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(
      await within(canvasElement).findByRole('dialog', { name: R.title('bo') }),
    );
    await userEvent.click(dialog.getByRole('button', { name: R.submit }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(R.reasonRequired);
    await userEvent.type(dialog.getByRole('textbox', { name: R.reasonLabel }), 'Spam');
    await userEvent.click(dialog.getByRole('button', { name: R.submit }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('Spam'));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};

export const Fails: Story = {
  args: { onSubmit: fn(async () => Promise.reject(new Error('boom'))) },
  play: async ({ canvasElement }) => {
    const dialog = within(await within(canvasElement).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: R.reasonLabel }), 'Spam');
    await userEvent.click(dialog.getByRole('button', { name: R.submit }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(R.failed);
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { name: 'ليلى' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('dialog', { name: R.title('ليلى') }),
    ).toBeVisible();
  },
};
