// `@parley/chat-sdk/media`: recording, voice output, live talk and playback, and the uploads' types —
// what the root export offers from src/media.
export type { LivePlayback, LivePlaybackEnvironment } from './live-playback';
export { createLivePlayback, mediaSourceType } from './live-playback';
export type {
  LiveTalk,
  LiveTalkError,
  LiveTalkOptions,
  LiveTalkState,
  LiveTalkStatus,
  LiveTalkTarget,
} from './live-talk';
export { createLiveTalk } from './live-talk';
export type { LiveVoiceOptions, LiveVoiceStream, VoiceChunk } from './live-voice';
export { createLiveVoiceStream, readVoiceChunk } from './live-voice';
export type {
  MediaApi,
  UploadedFile,
  UploadedVoice,
  UploadFileInput,
  UploadOptions,
  UploadVoiceInput,
  VoiceUploadResult,
} from './media-api';
export { isVoiceLimitReached } from './media-api';
export type {
  MediaRecorderConstructorLike,
  MediaRecorderLike,
  RecorderController,
  RecorderEnvironment,
  RecorderErrorCode,
  RecorderEvents,
  RecorderOptions,
  RecorderState,
  RecorderStatus,
  RecordingPreview,
  RecordingPurpose,
  RecordingStreamLike,
} from './recorder';
export {
  createRecorder,
  formatRecordingTime,
  pickRecordingMimeType,
  RECORDING_MIME_PREFERENCES,
  recorderErrorCode,
} from './recorder';
export type { AudioLike, VoiceOutput, VoiceOutputOptions } from './voice-output';
export { createVoiceOutput, voiceNoteClip } from './voice-output';
