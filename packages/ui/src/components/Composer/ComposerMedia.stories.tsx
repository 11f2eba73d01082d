import { createRecorder, type RecordingPreview } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { MEDIA_STRINGS } from '../../mediaStrings';
import { rtl } from '../../mocks/decorators';
import {
  controlledUpload,
  fakeLiveTalk,
  fakeRecorderEnvironment,
  sampleImageFile,
} from '../../mocks/media';
import { UI_STRINGS } from '../../strings';
import { Composer } from './Composer';

const S = UI_STRINGS.chat;
const M = MEDIA_STRINGS;

const meta = {
  title: 'Components/Composer/Media',
  component: Composer,
  tags: ['autodocs'],
  args: { onSend: fn(), onTyping: fn(), onStopTyping: fn(), onSendVoice: fn() },
} satisfies Meta<typeof Composer>;
export default meta;
type Story = StoryObj<typeof meta>;

const pdf = () =>
  new File([new Uint8Array(3 * 1024 + 512)], 'notes.pdf', { type: 'application/pdf' });

async function choose(canvasElement: HTMLElement, file: File) {
  const input = within(canvasElement).getByLabelText(M.attachInput) as HTMLInputElement;
  await userEvent.upload(input, file);
}

const upload = controlledUpload();

/** Spec §4: select, upload with progress; Send disabled at 1–99 %, enabled when done; size in KB. */
export const AttachWithProgress: Story = {
  args: { uploadFile: upload.uploadFile },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const send = canvas.getByRole('button', { name: S.send });
    await expect(send).toBeDisabled();
    await expect(canvas.getByRole('button', { name: M.attach })).toBeEnabled();
    await choose(canvasElement, pdf());
    await expect(canvas.getByText('notes.pdf')).toBeVisible();
    await expect(canvas.getByText('3.5 KB')).toBeVisible();
    upload.progress(1);
    await waitFor(() =>
      expect(canvas.getByRole('progressbar', { name: M.uploadProgress })).toHaveAttribute(
        'value',
        '1',
      ),
    );
    await expect(send).toBeDisabled();
    upload.progress(60);
    await waitFor(() => expect(canvas.getByText(M.uploading(60))).toBeVisible());
    await expect(send).toBeDisabled();
    upload.progress(100);
    upload.finish();
    await waitFor(() => expect(canvas.getByText(M.uploaded)).toBeVisible());
    await expect(send).toBeEnabled();
    await userEvent.click(send);
    await expect(args.onSend).toHaveBeenCalledWith('', {
      url: '/chatmessage/files/abc-notes.pdf',
      name: 'notes.pdf',
      type: 'application',
      size: 3584,
    });
    await waitFor(() => expect(canvas.queryByText('notes.pdf')).toBeNull());
  },
};

const imageUpload = controlledUpload();

/** An image shows a preview at most 350 px high; Remove drops it and Send is disabled again. */
export const ImagePreviewAndRemove: Story = {
  args: { uploadFile: imageUpload.uploadFile },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, sampleImageFile());
    const preview = await canvas.findByRole('img', { name: M.attachmentPreview('sunset.svg') });
    await waitFor(() => expect(preview.getBoundingClientRect().height).toBeGreaterThan(0));
    await expect(preview.getBoundingClientRect().height).toBeLessThanOrEqual(350);
    imageUpload.progress(100);
    imageUpload.finish();
    await waitFor(() => expect(canvas.getByRole('button', { name: S.send })).toBeEnabled());
    await userEvent.click(canvas.getByRole('button', { name: M.removeFile }));
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByRole('button', { name: S.send })).toBeDisabled();
  },
};

const failing = controlledUpload();

export const UploadFailed: Story = {
  args: { uploadFile: failing.uploadFile },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(canvasElement, pdf());
    failing.fail();
    await expect(await canvas.findByRole('alert')).toHaveTextContent(M.uploadFailed);
    await expect(canvas.getByRole('button', { name: M.retryUpload })).toBeVisible();
    await expect(canvas.getByRole('button', { name: S.send })).toBeDisabled();
  },
};

/** Spec §4 recording: idle → recording (timer m:ss) → stopped with a preview → Send. */
const sentVoice: { mimeType: string; size: number }[] = [];

export const RecordPreviewSend: Story = {
  args: {
    createRecorder: () => createRecorder(fakeRecorderEnvironment('ok')),
    // A plain function: the preview holds a Blob, which action logging cannot clone.
    onSendVoice: ((preview: RecordingPreview) =>
      sentVoice.push({ mimeType: preview.mimeType, size: preview.blob.size })) as never,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.record }));
    const timer = await canvas.findByRole('timer', { name: M.recordingTime });
    await expect(timer).toHaveTextContent(/^0:0\d$/);
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: M.stopRecording })).toBeEnabled(),
    );
    await waitFor(() => expect(timer).toHaveTextContent('0:01'), { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: M.stopRecording }));
    await expect(await canvas.findByLabelText(M.preview)).toBeVisible();
    await expect(canvas.getByRole('button', { name: M.deleteRecording })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: M.sendVoice }));
    await expect(sentVoice).toHaveLength(1);
    await expect(sentVoice[0]?.mimeType).toBe('audio/webm');
    await expect(sentVoice[0]?.size).toBeGreaterThan(0);
    // Back to the text field.
    await expect(canvas.getByRole('textbox', { name: S.composerLabel })).toBeVisible();
  },
};

export const RecordThenDelete: Story = {
  args: { createRecorder: () => createRecorder(fakeRecorderEnvironment('ok')) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.record }));
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: M.stopRecording })).toBeEnabled(),
    );
    await userEvent.click(canvas.getByRole('button', { name: M.stopRecording }));
    await userEvent.click(await canvas.findByRole('button', { name: M.deleteRecording }));
    await expect(args.onSendVoice).not.toHaveBeenCalled();
    await expect(canvas.getByRole('button', { name: M.record })).toBeVisible();
  },
};

export const NoMicrophone: Story = {
  args: { createRecorder: () => createRecorder(fakeRecorderEnvironment('none')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.record }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No microphone detected.');
  },
};

export const MicrophoneDenied: Story = {
  args: { createRecorder: () => createRecorder(fakeRecorderEnvironment('denied')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.record }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(M.permissionDenied);
  },
};

const live = fakeLiveTalk('ok');

/**
 * Live talk: the microphone streams to the room a second at a time (chunk_init, then audio) until
 * 'Stop talking'; nothing is kept, so the composer comes back as it was.
 */
export const TalkLive: Story = {
  args: { createLiveTalk: live.create, createRecorder: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.talkLive }));
    const panel = await canvas.findByRole('group', { name: M.liveTalk });
    await expect(within(panel).getByText(M.liveNow)).toBeVisible();
    await expect(await within(panel).findByText(M.liveHint)).toBeVisible();
    const stop = canvas.getByRole('button', { name: M.stopTalking });
    await waitFor(() => expect(stop).toHaveFocus());
    const timer = canvas.getByRole('timer', { name: M.liveTime });
    await waitFor(() => expect(timer).toHaveTextContent('0:01'), { timeout: 5000 });
    await waitFor(() => expect(live.sent.binary.length).toBeGreaterThan(0));
    await expect(live.sent.frames[0]).toMatchObject({
      type: 'chunk_init',
      from: 1,
      receiver_id: 2,
      mime_type: 'audio/webm',
    });
    await expect(live.sent.binary.every((size) => size >= 3000)).toBe(true);
    await userEvent.click(stop);
    await waitFor(() => expect(live.sent.frames.at(-1)).toEqual({ type: 'chunk_end' }));
    await expect(await canvas.findByRole('textbox', { name: S.composerLabel })).toBeVisible();
    await expect(canvas.queryByRole('group', { name: M.liveTalk })).toBeNull();
  },
};

export const TalkLiveOffline: Story = {
  args: { createLiveTalk: fakeLiveTalk('offline').create },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.talkLive }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(M.liveOffline);
    const close = canvas.getByRole('button', { name: M.closeLiveTalk });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: M.talkLive })).toBeVisible();
  },
};

export const TalkLiveMicrophoneDenied: Story = {
  args: { createLiveTalk: fakeLiveTalk('denied').create },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.talkLive }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(M.permissionDenied);
  },
};

const dropping = fakeLiveTalk('drops');

/** The connection drops mid-talk: the talk ends and says why. */
export const TalkLiveConnectionDrops: Story = {
  args: { createLiveTalk: dropping.create },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.talkLive }));
    await expect(await canvas.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      M.liveInterrupted,
    );
    await expect(canvas.queryByRole('button', { name: M.stopTalking })).toBeNull();
  },
};

export const TalkLiveRightToLeft: Story = {
  decorators: [rtl],
  // Its picture is taken while talking: a stopped clock keeps the timer at 0:00 on any machine.
  args: { createLiveTalk: fakeLiveTalk('ok', () => 0).create },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: M.talkLive }));
    await expect(await canvas.findByText(M.liveHint)).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: M.stopTalking })).toBeEnabled());
  },
};

const rtlUpload = controlledUpload();

export const RightToLeftAttachment: Story = {
  decorators: [rtl],
  args: {
    uploadFile: rtlUpload.uploadFile,
    createRecorder: () => createRecorder(fakeRecorderEnvironment('ok')),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await choose(
      canvasElement,
      new File([new Uint8Array(2048)], 'ملاحظات.pdf', { type: 'application/pdf' }),
    );
    await expect(canvas.getByText('ملاحظات.pdf')).toHaveAttribute('dir', 'auto');
    await expect(canvas.getByText('2.0 KB')).toBeVisible();
  },
};
