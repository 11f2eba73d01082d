/**
 * The server's refusals round one left in English (issue 27, second round): posts, groups, drive,
 * corrections, link previews, message requests, translation trust, safety, organisations, billing,
 * push subscriptions and the socket's error frames. Each leaf is the very English its module
 * answers with (test/refusalTexts.test.ts holds the two together), so the answers' boundary finds
 * it again and writes it in the requester's locale. Numbers the modules build in are placeholders,
 * passed as strings so the English reads as it always did ('10000', not '10,000').
 * Left out on purpose: the socket's frame-shape errors ('room_name is required.', 'for must be
 * everyone or me.'), which name wire fields and reach only a client that sends broken frames.
 */
import { icu } from '@parley/chat-sdk';

const max = (max: number) => ({ max: String(max) });

export const REFUSAL_MESSAGE_SOURCE = {
  posts: {
    noCategory: 'Please select at least one category.',
    noFile: 'Please upload a file for image or video posts.',
    failed: 'Failed to create post.',
    notMedia: 'Upload a valid image (PNG, JPEG, GIF, WebP) or video (MP4, MOV, WebM).',
    /** Posts' categories and groups' members alike (the spec's DRF wording). */
    unknownObject: icu('Invalid pk "{id}" - object does not exist.', (id: string) => ({ id })),
    tooManyElements: icu('Ensure this field has no more than {max} elements.', max),
    emptyText: 'A text post needs a caption.',
    imageTooLarge: 'Images must not be larger than 10 MiB.',
    videoTooLarge: 'Videos must not be larger than 50 MiB.',
  },
  groups: {
    duplicate: 'A group with this name already exists.',
    reservedName: 'This name is reserved for private chats.',
    imageTooLarge: 'The group image must not be larger than 5 MiB.',
    notConnected: 'You can only add people you are connected with.',
  },
  drive: {
    notConfigured: 'Google Drive backup is not set up on this server.',
    notConnected: 'Connect Google Drive first.',
    revoked: 'Google Drive access was withdrawn. Connect Google Drive again.',
    busy: 'A backup is already running.',
    unreachable: 'Could not reach Google Drive. Try again later.',
  },
  corrections: {
    unavailable: 'Corrections are unavailable right now. Try again later.',
    throttled: icu('Too many correction requests. Try again in {after}.', (after: string) => ({
      after,
    })),
    misspelling: 'Possible spelling mistake found.',
  },
  links: {
    url: 'url must be an http(s) address of at most 2048 characters.',
  },
  messageRequests: {
    notPrivate: 'Only private chats can be message requests.',
    notTheReceiver: 'Only the person who received this message request can answer it.',
    noRequest: 'There is no message request in this room.',
    alreadyAnswered: 'This message request was already answered.',
    pending: 'You can send more messages once they accept your message request.',
  },
  translationTrust: {
    noSuchMessage: 'No such message.',
    notTranslated: 'This message was not translated for you.',
    sameLanguage: 'This message is already in your language.',
    notYours: 'Only its author may change this suggestion.',
    noSuggestion: 'You have no suggestion for this message.',
  },
  safety: {
    self: 'You cannot block or report yourself.',
    messageOrPost: 'Report a message or a post, not both.',
  },
  organizations: {
    invalidToken: 'Invalid or expired invite token.',
    full: 'This organization has no free seats. Ask its administrator to add seats.',
    otherOrganization: 'You already belong to another organization.',
    adminOnly: 'Only the organization administrator can manage its members.',
    adminNotRemovable: 'The administrator cannot be removed from the organization.',
    notMember: 'This user is not a member of your organization.',
  },
  seats: {
    minimumSeats: icu('Minimum of {min} users required for Organization Plan.', (min: number) => ({
      min: String(min),
    })),
    maximumSeats: icu('At most {max} users can be bought at once; contact us for more.', max),
  },
  search: {
    noWords: 'Enter at least one letter or number.',
    cursor: 'Invalid cursor.',
  },
  review: {
    until: 'A valid ISO date and time is required.',
    ids: icu('A list of at most {max} ids is required.', max),
  },
  billingPortal: {
    failed: 'Something went wrong while opening the billing portal.',
  },
  pushSubscriptions: {
    endpoint: 'Enter a valid push service URL.',
    keys: 'The subscription keys are missing or invalid.',
  },
  input: {
    controlCharacter: 'Control characters are not allowed.',
    parameter: 'Control characters are not allowed in the URL.',
    starting: 'Parley is starting. Try again in a moment.',
    page: 'Invalid page.',
    timeZone: 'Enter a valid IANA time zone name, e.g. "Europe/Madrid".',
    messageId: 'message_id must be a message id.',
  },
  uploads: {
    tooLarge: icu(
      '{kind, select, image {This image file is too large (at most {mib} MiB).} video {This video file is too large (at most {mib} MiB).} audio {This audio file is too large (at most {mib} MiB).} other {This application file is too large (at most {mib} MiB).}}',
      (kind: string, mib: number) => ({ kind, mib: String(mib) }),
    ),
    voiceTooLong: icu('A voice note may be at most {max} seconds long.', max),
  },
  frames: {
    noRoom: 'Join a room first, or name the other person in receiver_id.',
    notYourFile: 'file_url and audio_url must name a file you uploaded to this room.',
    invalidToken: 'The token is invalid or expired; the socket keeps its previous one.',
    callNotFrom: 'from must be your own user id.',
    callNotSelf: 'You cannot call yourself.',
    callBadAudio: 'audio must be 16 kHz mono 16-bit WAV.',
    callsDisabled: 'Calls are not enabled on this server.',
    callNotAllowed: 'You can only call people you share a conversation or a connection with.',
    callRateLimited: 'Too many call frames; this one was dropped.',
    captionsNoCall: 'Captions need a connected call with this person.',
    noSuchMessage: 'message_id must name a message of a room you are a member of.',
    notInRoom: 'message_id must name a message of room_name.',
    tooManyReactions: icu('At most {max} different reactions per message.', max),
    reactionsUnavailable: 'Reactions and read receipts are not served here.',
    replyElsewhere: 'reply_to must name a message of the same room.',
    notYourMessage: 'Only its sender may change or delete a message for everyone.',
    editWindowOver: 'A message can be edited for 15 minutes after it was sent.',
    notEditable: 'Deleted messages, voice messages and call records cannot be edited.',
    binary: 'Binary frames are not accepted here.',
    relayFailed: 'The server could not relay this chunk.',
    liveVoiceUnavailable: 'Live voice is not served here.',
    streamTooLong: 'This live stream is over its size limit.',
    unhandled: 'The server could not handle this frame.',
  },
} as const;
