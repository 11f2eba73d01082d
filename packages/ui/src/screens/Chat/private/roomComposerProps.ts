import {
  createLiveTalk,
  createRecorder,
  type ParleyClient,
  parseRoomName,
  type RecorderEnvironment,
} from '@parley/chat-sdk';
import type { ChatViewProps } from '../ChatView';

/**
 * The composer's props for the open room, bound to the sdk: sending text and files, uploads with progress,
 * voice notes (with the recording indicator), live talk, and typing. Spread into ChatView.
 */
export function roomComposerProps(
  client: ParleyClient,
  selectedKey: string | null,
  meId: number | null,
  recorderEnvironment: RecorderEnvironment | undefined,
): Pick<
  ChatViewProps,
  | 'onSend'
  | 'uploadFile'
  | 'createRecorder'
  | 'createLiveTalk'
  | 'onSendVoice'
  | 'onTyping'
  | 'onStopTyping'
  | 'previewLink'
> {
  // Spec §7 chunk_init: every backend relays live audio to the room.
  const liveTalkOffered = selectedKey !== null;
  return {
    onSend: (text, file, extras) => {
      if (!selectedKey) return;
      client.chat.sendMessage({
        roomName: selectedKey,
        text,
        ...(file ? { file: { url: file.url, type: file.type, name: file.name } } : {}),
        ...(extras?.mentions ? { mentions: extras.mentions } : {}),
        ...(extras?.linkPreview === false ? { linkPreview: false as const } : {}),
      });
    },
    // Link preview cards before sending, unless the person turned them off (issue 25).
    previewLink:
      client.session.state.user?.link_previews === false
        ? undefined
        : (url, signal) => client.api.chat.linkPreview(url, signal),
    uploadFile: async (file, onProgress, signal) => {
      if (!selectedKey || meId === null) throw new Error('No open chat');
      const parsed = parseRoomName(selectedKey);
      const receiverId =
        parsed?.kind === 'private' ? (parsed.userIds.find((id) => id !== meId) ?? null) : null;
      const answer = await client.api.media.uploadFile(
        { file, senderId: meId, receiverId, roomName: selectedKey },
        { onProgress, signal },
      );
      return {
        url: answer.file_url,
        name: answer.file_name,
        ...(answer.file_type ? { type: answer.file_type } : {}),
      };
    },
    createRecorder: () => {
      const recorder = createRecorder({ purpose: 'note', ...recorderEnvironment });
      const room = selectedKey;
      // Spec §7 recording indicator while the mic is on.
      recorder.on('recording', (on) => {
        if (room) client.chat.setRecording(room, on);
      });
      return recorder;
    },
    createLiveTalk: liveTalkOffered
      ? () => {
          const roomName = selectedKey as string;
          const parsed = parseRoomName(roomName);
          const receiverId =
            parsed?.kind === 'private' ? (parsed.userIds.find((id) => id !== meId) ?? null) : null;
          const talk = createLiveTalk({
            socket: client.socket,
            chat: client.chat,
            getUserId: () => client.session.state.user?.id ?? null,
            ...recorderEnvironment,
          });
          return {
            state: talk.state,
            start: () => talk.start({ roomName, receiverId }),
            stop: () => talk.stop(),
            dispose: () => talk.dispose(),
          };
        }
      : undefined,
    onSendVoice: (preview) => {
      if (selectedKey) {
        client.chat.sendVoiceNote({
          roomName: selectedKey,
          audio: preview.blob,
          localUrl: preview.url,
        });
      }
    },
    onTyping: () => {
      if (selectedKey) client.chat.setTyping(selectedKey);
    },
    onStopTyping: () => {
      if (selectedKey) client.chat.stopTyping(selectedKey);
    },
  };
}
