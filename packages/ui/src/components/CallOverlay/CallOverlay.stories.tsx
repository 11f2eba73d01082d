import { CallSession, type CallSignalSendFrame, type GetUserMedia } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useMemo } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CALL_STRINGS as S } from '../../callStrings';
import { useSdkState } from '../../context/ParleyProvider';
import { rtl } from '../../mocks/decorators';
import {
  fakeGetUserMedia,
  fakeMediaStream,
  fakePeerConnection,
  missingMicrophone,
} from '../../mocks/fakeMedia';
import { CallOverlay } from './CallOverlay';

const NOW = Date.UTC(2026, 0, 5, 10, 0, 0);

const meta = {
  title: 'Components/CallOverlay',
  component: CallOverlay,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    peerName: 'bo',
    colorKey: 7,
    callType: 'audio',
    status: 'connected',
    muted: false,
    cameraOff: true,
    connectedAt: NOW - 83_000,
    now: NOW,
    captions: [],
    onToggleMute: fn(),
    onToggleCamera: fn(),
    onEnd: fn(),
  },
} satisfies Meta<typeof CallOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (canvasElement: HTMLElement, name = S.overlayLabel('audio', 'bo')) =>
  within(canvasElement.ownerDocument.body).getByRole('dialog', { name });

export const ConnectedAudio: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement);
    // Spec §2: the call type, Mute/Unmute and End Call.
    await expect(within(dialog).getByText(S.callType('audio'))).toBeVisible();
    await expect(within(dialog).getByRole('timer', { name: S.timerLabel })).toHaveTextContent(
      '1:23',
    );
    const end = within(dialog).getByRole('button', { name: S.endCall });
    await expect(end).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: S.mute }));
    await expect(args.onToggleMute).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Escape}');
    await expect(args.onEnd).not.toHaveBeenCalled();
    await userEvent.click(end);
    await expect(args.onEnd).toHaveBeenCalledOnce();
  },
};

export const Muted: Story = {
  args: { muted: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(dialogOf(canvasElement)).getByRole('button', { name: S.unmute }),
    ).toBeVisible();
  },
};

export const Ringing: Story = {
  args: { status: 'ringing', connectedAt: null },
  play: async ({ canvasElement }) => {
    const dialog = dialogOf(canvasElement);
    await expect(within(dialog).getByRole('status')).toHaveTextContent(S.ringing);
    await expect(within(dialog).queryByRole('timer')).toBeNull();
  },
};

export const Reconnecting: Story = {
  args: { status: 'reconnecting' },
  play: async ({ canvasElement }) => {
    await expect(within(dialogOf(canvasElement)).getByRole('status')).toHaveTextContent(
      S.reconnecting,
    );
  },
};

export const NoMicrophone: Story = {
  args: {
    status: 'ended',
    connectedAt: null,
    endReason: 'failed',
    error: 'No microphone detected.',
  },
  play: async ({ canvasElement }) => {
    const dialog = dialogOf(canvasElement);
    await expect(within(dialog).getByRole('status')).toHaveTextContent('No microphone detected.');
    await expect(within(dialog).getByRole('button', { name: S.mute })).toBeDisabled();
  },
};

export const WithCaptions: Story = {
  args: {
    captions: [
      { id: 1, speaker: 'bo', text: 'hola, ¿qué tal?' },
      { id: 2, speaker: S.you, text: 'muy bien, gracias' },
    ],
  },
  play: async ({ canvasElement }) => {
    const log = within(dialogOf(canvasElement)).getByRole('log');
    await expect(log).toHaveAttribute('aria-live', 'polite');
    await expect(within(log).getByText('hola, ¿qué tal?')).toBeVisible();
  },
};

export const CaptionsLongText: Story = {
  args: {
    captions: Array.from({ length: 12 }, (_, i) => ({
      id: i,
      speaker: 'bo',
      text: `${'a very long sentence that keeps going and going '.repeat(4)}${i}`,
    })),
  },
  play: async ({ canvasElement }) => {
    await expect(within(dialogOf(canvasElement)).getAllByRole('listitem')).toHaveLength(12);
  },
};

export const CaptionsUnavailable: Story = {
  args: { captions: [{ id: 1, speaker: 'bo', text: '', unavailable: true }] },
  play: async ({ canvasElement }) => {
    await expect(
      within(dialogOf(canvasElement)).getByText(S.captionsUnavailable('bo')),
    ).toBeVisible();
  },
};

/** The listener's own language has no engine: a whole sentence for 'your language'. */
export const CaptionsUnavailableForMe: Story = {
  args: { captions: [{ id: 1, speaker: S.you, text: '', unavailable: true, mine: true }] },
  play: async ({ canvasElement }) => {
    const dialog = within(dialogOf(canvasElement));
    await expect(dialog.getByText(S.captionsUnavailableYours)).toBeVisible();
    await expect(dialog.queryByText(/You's/)).toBeNull();
  },
};

export const NoCaptionEngine: Story = {
  args: { captionsOffered: false },
  play: async ({ canvasElement }) => {
    await expect(within(dialogOf(canvasElement)).queryByRole('log')).toBeNull();
  },
};

export const RightToLeft: Story = {
  decorators: [rtl],
  args: { peerName: 'ليلى', captions: [{ id: 1, speaker: 'ليلى', text: 'مرحبا' }] },
  play: async ({ canvasElement }) => {
    await expect(
      within(dialogOf(canvasElement, S.overlayLabel('audio', 'ليلى'))).getByText('مرحبا'),
    ).toBeVisible();
  },
};

/** A video call with fake camera streams on both sides. */
export const VideoWithFakeMedia: Story = {
  args: { callType: 'video', cameraOff: false },
  render: function Render(args) {
    const local = useMemo(() => fakeMediaStream({ video: true, label: 'You' }), []);
    const remote = useMemo(() => fakeMediaStream({ video: true, label: 'bo', hue: 150 }), []);
    useEffect(
      () => () => {
        for (const track of [...local.getTracks(), ...remote.getTracks()]) track.stop();
      },
      [local, remote],
    );
    return <CallOverlay {...args} localStream={local} remoteStream={remote} />;
  },
  play: async ({ canvasElement, args }) => {
    const dialog = dialogOf(canvasElement, S.overlayLabel('video', 'bo'));
    await expect(within(dialog).getByLabelText(S.remoteVideo('bo'))).toBeVisible();
    await expect(within(dialog).getByLabelText(S.localVideo)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: S.cameraOff }));
    await expect(args.onToggleCamera).toHaveBeenCalledOnce();
  },
};

/** The overlay bound to a real CallSession over a fake peer connection that answers itself. */
function SessionOverlay({
  getUserMedia,
  onSignal,
}: {
  getUserMedia: GetUserMedia;
  onSignal: (frame: CallSignalSendFrame) => void;
}) {
  const session = useMemo(() => {
    const created: CallSession = new CallSession({
      me: { id: 1, username: 'ana' },
      peer: { id: 7, username: 'bo' },
      callType: 'video',
      direction: 'outgoing',
      send: (frame) => {
        onSignal(frame);
        if (frame.signal.type === 'offer') {
          setTimeout(() => void created.receive({ type: 'answer', sdp: 'fake-answer' }), 20);
        }
      },
      iceServers: async () => [],
      createPeerConnection: fakePeerConnection,
      getUserMedia,
      logger: console,
    });
    return created;
  }, [getUserMedia, onSignal]);
  useEffect(() => {
    void session.start();
    return () => session.hangUp();
  }, [session]);
  const state = useSdkState(session.state);
  return (
    <CallOverlay
      open
      peerName={state.peer.username}
      colorKey={state.peer.id}
      callType={state.callType}
      status={state.status}
      muted={state.muted}
      cameraOff={state.cameraOff}
      connectedAt={state.connectedAt}
      localStream={state.localStream as MediaStream | null}
      remoteStream={state.remoteStream as MediaStream | null}
      captions={[]}
      error={state.error}
      endReason={state.endReason}
      onToggleMute={() => session.setMuted(!state.muted)}
      onToggleCamera={() => session.setCameraOff(!state.cameraOff)}
      onEnd={() => session.hangUp()}
    />
  );
}

export const LiveSessionWithFakePeer: Story = {
  args: { onEnd: fn() },
  render: () => <SessionOverlay getUserMedia={fakeGetUserMedia} onSignal={signals} />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', {
      name: S.overlayLabel('video', 'bo'),
    });
    await waitFor(() => expect(within(dialog).getByRole('timer')).toBeVisible());
    await userEvent.click(within(dialog).getByRole('button', { name: S.mute }));
    await expect(within(dialog).getByRole('button', { name: S.unmute })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: S.endCall }));
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent(S.endReasons.ended),
    );
    await expect(signals).toHaveBeenCalledWith(
      expect.objectContaining({ signal: { type: 'hangup', reason: 'ended' } }),
    );
  },
};
const signals = fn();

export const LiveSessionWithoutMicrophone: Story = {
  render: () => <SessionOverlay getUserMedia={missingMicrophone} onSignal={fn()} />,
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('No microphone detected.'),
    );
  },
};
