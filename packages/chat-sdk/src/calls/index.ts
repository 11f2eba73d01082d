// `@parley/chat-sdk/calls`: audio and video calls (switchboard, session, peer types, captions'
// capture worklet and WAV chunker) — what the root export offers from src/calls.
export type {
  CallCaption,
  CallPeer,
  CallSessionOptions,
  CallState,
  CallStatus,
  SendCallSignal,
} from './call-session';
export { CallSession } from './call-session';
export type {
  CallManagerOptions,
  CallSocketLike,
  CallSwitchboardOptions,
  CallsState,
} from './call-switchboard';
export { CallManager, CallSwitchboard } from './call-switchboard';
export { CAPTURE_WORKLET_SOURCE } from './capture-worklet';
export type {
  CreatePeerConnection,
  GetUserMedia,
  IceCandidateLike,
  MediaDevicesLike,
  MediaStreamLike,
  MediaStreamTrackLike,
  PeerConnectionConfig,
  PeerConnectionLike,
  RtpSenderLike,
  SessionDescriptionLike,
  TrackEventLike,
} from './peer-types';
export type { WavChunkerOptions } from './wav-chunker';
export { encodeWav, wavChunker } from './wav-chunker';
