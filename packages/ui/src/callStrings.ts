// Kept apart from strings.ts so the call code (loaded on the first call) brings its own words.
/** Strings of calls: the incoming prompt, the overlay, captions and the call records (spec §2). */
export const CALL_STRINGS = {
  /** Spec §2: the overlay shows the call type. */
  callType: (type: 'audio' | 'video') => (type === 'video' ? 'Video call' : 'Audio call'),
  incomingTitle: (type: 'audio' | 'video') =>
    type === 'video' ? 'Incoming video call' : 'Incoming audio call',
  incomingText: (name: string) => `${name} is calling you.`,
  accept: 'Accept',
  decline: 'Decline',
  /** Spec §2: Mute/Unmute and End Call. */
  mute: 'Mute',
  unmute: 'Unmute',
  endCall: 'End Call',
  cameraOff: 'Turn camera off',
  cameraOn: 'Turn camera on',
  overlayLabel: (type: 'audio' | 'video', name: string) =>
    `${type === 'video' ? 'Video call' : 'Audio call'} with ${name}`,
  ringing: 'Ringing...',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  ended: 'Call ended',
  endReasons: {
    ended: 'Call ended',
    declined: 'Call declined',
    missed: 'No answer',
    cancelled: 'Call cancelled',
    failed: 'The call could not connect.',
    busy: 'Busy in another call',
  },
  timerLabel: 'Call duration',
  remoteVideo: (name: string) => `${name}'s video`,
  localVideo: 'Your video',
  captionsLabel: 'Live captions',
  captionsEmpty: 'Captions appear here when someone speaks.',
  captionsUnavailable: (name: string) =>
    `Live captions are not available for ${name}'s language on this server.`,
  /** A whole sentence of its own: 'You' + "'s" would read "You's language". */
  captionsUnavailableYours: 'Live captions are not available for your language on this server.',
  you: 'You',
  /** The conversation's record of a call (call_event). */
  record: {
    started: (type: 'audio' | 'video') =>
      type === 'video' ? 'Video call started' : 'Audio call started',
    ended: (type: 'audio' | 'video', duration: string) =>
      `${type === 'video' ? 'Video call' : 'Audio call'} ended · ${duration}`,
    missed: (type: 'audio' | 'video') =>
      type === 'video' ? 'Missed video call' : 'Missed audio call',
    declined: (type: 'audio' | 'video') =>
      type === 'video' ? 'Declined video call' : 'Declined audio call',
  },
} as const;
