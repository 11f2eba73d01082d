import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CALL_STRINGS as S } from '../../callStrings';
import { rtl } from '../../mocks/decorators';
import { IncomingCallPrompt } from './IncomingCallPrompt';

const meta = {
  title: 'Components/IncomingCallPrompt',
  component: IncomingCallPrompt,
  tags: ['autodocs'],
  args: {
    open: true,
    callerName: 'bo',
    colorKey: 7,
    callType: 'audio',
    onAccept: fn(),
    onDecline: fn(),
  },
} satisfies Meta<typeof IncomingCallPrompt>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AudioCall: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: S.incomingTitle('audio') });
    await expect(within(dialog).getByText(S.incomingText('bo'))).toBeVisible();
    await expect(within(dialog).getByRole('img', { name: 'bo' })).toBeVisible();
    // Accept has the focus: Enter answers.
    const accept = within(dialog).getByRole('button', { name: S.accept });
    await expect(accept).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

export const VideoCall: Story = {
  args: { callType: 'video' },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole('dialog', { name: S.incomingTitle('video') });
    await userEvent.click(within(dialog).getByRole('button', { name: S.decline }));
    await expect(args.onDecline).toHaveBeenCalledOnce();
  },
};

export const EscapeDeclines: Story = {
  play: async ({ canvasElement, args }) => {
    await within(canvasElement).findByRole('dialog', { name: S.incomingTitle('audio') });
    await userEvent.keyboard('{Escape}');
    await expect(args.onDecline).toHaveBeenCalledOnce();
    await expect(args.onAccept).not.toHaveBeenCalled();
  },
};

export const WithPicture: Story = {
  args: {
    avatarSrc:
      'data:image/svg+xml;utf8,<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="%23f59e0b"/></svg>',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'bo' })).toBeVisible();
  },
};

export const LongName: Story = {
  args: { callerName: 'an-extremely-long-username-that-should-still-fit-the-prompt-nicely' },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        S.incomingText('an-extremely-long-username-that-should-still-fit-the-prompt-nicely'),
      ),
    ).toBeVisible();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { callerName: 'ليلى' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(S.incomingText('ليلى'))).toBeVisible();
  },
};
