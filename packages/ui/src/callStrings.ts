// Kept apart from strings.ts so the call code (loaded on the first call) brings its own words.
import { icu, localize } from '@parley/chat-sdk/i18n';
import { uiCatalog } from './i18n/ui-catalog';

/** Strings of calls: the incoming prompt, the overlay, captions and the call records (spec §2). */
export const CALL_SOURCE = {
  /** Spec §2: the overlay shows the call type. */
  callType: icu(
    '{type, select, video {Video call} other {Audio call}}',
    (type: 'audio' | 'video') => ({ type }),
  ),
  incomingTitle: icu(
    '{type, select, video {Incoming video call} other {Incoming audio call}}',
    (type: 'audio' | 'video') => ({ type }),
  ),
  incomingText: icu('{name} is calling you.', (name: string) => ({ name })),
  accept: 'Accept',
  decline: 'Decline',
  /** Spec §2: Mute/Unmute and End Call. */
  mute: 'Mute',
  unmute: 'Unmute',
  endCall: 'End Call',
  cameraOff: 'Turn camera off',
  cameraOn: 'Turn camera on',
  overlayLabel: icu(
    '{type, select, video {Video call} other {Audio call}} with {name}',
    (type: 'audio' | 'video', name: string) => ({
      type,
      name,
    }),
  ),
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
  remoteVideo: icu("{name}'s video", (name: string) => ({ name })),
  localVideo: 'Your video',
  captionsLabel: 'Live captions',
  captionsEmpty: 'Captions appear here when someone speaks.',
  captionsUnavailable: icu(
    "Live captions are not available for {name}'s language on this server.",
    (name: string) => ({ name }),
  ),
  /** A whole sentence of its own: 'You' + "'s" would read "You's language". */
  captionsUnavailableYours: 'Live captions are not available for your language on this server.',
  you: 'You',
  /** The conversation's record of a call (call_event). */
  record: {
    started: icu(
      '{type, select, video {Video call started} other {Audio call started}}',
      (type: 'audio' | 'video') => ({ type }),
    ),
    ended: icu(
      '{type, select, video {Video call} other {Audio call}} ended · {duration}',
      (type: 'audio' | 'video', duration: string) => ({ type, duration }),
    ),
    missed: icu(
      '{type, select, video {Missed video call} other {Missed audio call}}',
      (type: 'audio' | 'video') => ({ type }),
    ),
    declined: icu(
      '{type, select, video {Declined video call} other {Declined audio call}}',
      (type: 'audio' | 'video') => ({ type }),
    ),
  },
} as const;

export const CALL_STRINGS = localize('ui.call', CALL_SOURCE, uiCatalog());
