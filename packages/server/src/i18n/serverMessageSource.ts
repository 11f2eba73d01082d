/**
 * The server's source catalog (issue 27): every text a person reads from the server, in English.
 * Plain leaves are the very constants the routes answer with (so the spec's English stays
 * byte-identical); a leaf with placeholders is the ICU form of a module's function, and
 * test/serverTexts.test.ts holds the two together. Answers are put into the requester's language
 * at the boundary (answerLanguage.ts), pushes into the receiver's (pushingFanout.ts).
 */
import { icu } from '@parley/chat-sdk';
import { FIELD_MESSAGES, ID_MESSAGES } from '../http/bodyFields.js';
import { LIMIT_MESSAGES } from '../limits/limitMessages.js';
import { MODERATION_MESSAGES } from '../moderation/moderationMessages.js';
import { PUSH_MESSAGES } from '../push/pushMessages.js';
import { REFUSAL_MESSAGE_SOURCE } from './refusalMessageSource.js';

const after = (after: string) => ({ after });

export const SERVER_MESSAGE_SOURCE = {
  errors: {
    internal: 'Internal server error.',
    notFound: 'Not found.',
    malformedMultipart: 'Malformed multipart/form-data body.',
    bodyTooLarge: 'Request body is too large.',
    malformedJson: 'Malformed JSON in request body.',
    unsupportedMediaType: 'Unsupported media type.',
    contentLength: 'Request body does not match its Content-Length.',
    malformedUrl: 'Malformed URL.',
    urlTooLong: 'URL is too long.',
    malformedRequest: 'Malformed request.',
    fileTooLarge: 'File is too large.',
    tooManyFiles: 'Too many files.',
    tooManyParts: 'Too many parts.',
    tooManyFields: 'Too many fields.',
    expectedMultipart: 'Expected a multipart/form-data body.',
    badRequest: 'Bad request.',
    timedOut: 'Request timed out.',
    headersTooLarge: 'Request headers are too large.',
    expectedObject: 'Expected a JSON object.',
    userGone: 'User no longer exists.',
    notRoomMember: 'You are not a member of this room.',
  },
  fields: {
    required: FIELD_MESSAGES.required,
    notNull: FIELD_MESSAGES.notNull,
    notString: FIELD_MESSAGES.notString,
    notBoolean: FIELD_MESSAGES.notBoolean,
    nullCharacter: FIELD_MESSAGES.nullCharacter,
    // Numbers pass as strings so they read as the English always wrote them ('5000', not '5,000').
    maxLength: icu('Ensure this field has no more than {max} characters.', (max: number) => ({
      max: String(max),
    })),
    invalidChoice: icu('"{value}" is not a valid choice.', (value: string) => ({ value })),
    notInteger: ID_MESSAGES.notInteger,
  },
  limits: {
    frames: LIMIT_MESSAGES.frames,
    reportOpen: LIMIT_MESSAGES.reportOpen,
    posts: icu('You are posting too often. Try again in {after}.', after),
    reports: icu('You have sent too many reports today. Try again in {after}.', after),
    connectionRequestsPair: icu(
      'Too many connection requests to this person. Try again in {after}.',
      after,
    ),
    connectionRequests: icu(
      'You have sent too many connection requests today. Try again in {after}.',
      after,
    ),
    signUps: icu('Too many accounts were created from your network. Try again in {after}.', after),
    signIns: icu('Too many sign-in attempts. Try again in {after}.', after),
    messageSearches: icu('You are searching too often. Try again in {after}.', after),
    newAccountConnectionRequests: icu(
      'New accounts can send only a few connection requests on their first day. Try again in {after}.',
      after,
    ),
    newAccountStrangerMessages: icu(
      'New accounts can send only a few messages to people who are not their connections on their first day. Try again in {after}, or message your connections.',
      after,
    ),
    storageFull: icu(
      'Your storage is full ({quota}). Delete some posts or files before uploading more.',
      (quota: string) => ({ quota }),
    ),
    /** waitInWords: the {after} of the messages above. */
    seconds: icu('{count, plural, one {# second} other {# seconds}}', (count: number) => ({
      count,
    })),
    minutes: icu('{count, plural, one {# minute} other {# minutes}}', (count: number) => ({
      count,
    })),
    hours: icu('{count, plural, one {# hour} other {# hours}}', (count: number) => ({ count })),
  },
  accounts: {
    wrongCurrentPassword: 'Your current password is incorrect.',
    wrongPassword: 'The password is incorrect.',
    samePassword: 'The new password must be different from the current one.',
    renewingSubscription:
      'Your subscription still renews. Cancel it in Billing before deleting your account.',
    tooManyExports: icu(
      'You can download your data {perDay} times a day. Try again tomorrow.',
      (perDay: number) => ({ perDay: String(perDay) }),
    ),
    invalidUsername: 'Enter a valid username.',
    invalidEmail: 'Enter a valid email address.',
    invalidPhone: 'Enter a valid phone number.',
    unknownLanguage: 'Unknown language.',
    refreshMissing: 'Refresh token was not provided.',
    refreshInvalid: 'Refresh token is invalid or expired.',
    credentialsMissing: 'Authentication credentials were not provided.',
    tokenInvalid: 'Given token not valid for any token type',
  },
  connections: {
    notYourself: 'You can only act as yourself.',
    self: 'You cannot connect with yourself.',
    unknownUser: 'User not found.',
    cannotRequest: 'This request could not be sent.',
    alreadyPending: 'A connection request is already pending.',
    alreadyConnected: 'You are already connected.',
    noPendingRequest: 'There is no pending request from this user.',
    notConnected: 'There is no connection with this user.',
    statusMustBePending: '"status" must be "pending".',
  },
  billing: {
    twoPlans: 'Choose either the Organization or the Lifetime plan, not both.',
    nothingToManage: 'You have no paid plan to manage.',
    lifetimeNotCancellable: 'The Lifetime Founder plan is paid once and has nothing to cancel.',
    portalOnly: 'Manage or cancel your subscription in the billing portal.',
    testModeOnly: 'Test mode has no billing portal; cancel the test subscription instead.',
    unavailable:
      'Paid plans are unavailable on this server right now: no payment provider is set up. Please contact the administrator.',
  },
  media: {
    noFile: 'No file was submitted.',
    empty: 'The submitted file is empty.',
    notAudio: 'The submitted file is not audio this server can play.',
    badImage:
      'Upload a valid image. The file you uploaded was either not an image or a corrupted image.',
    notSender: 'sender_id must be your own user id.',
    noRoom: 'Name the other person in receiver_id (or a room in room_name).',
    profileImageTooLarge: 'The profile image must not be larger than 5 MiB.',
  },
  moderation: {
    notModerator: MODERATION_MESSAGES.notModerator,
    outsideOrganisation: MODERATION_MESSAGES.outsideOrganisation,
    organisationActions: MODERATION_MESSAGES.organisationActions,
    notStaff: MODERATION_MESSAGES.notStaff,
    notOperator: MODERATION_MESSAGES.notOperator,
    roleNeedsOnePerson: MODERATION_MESSAGES.roleNeedsOnePerson,
    lastStaff: MODERATION_MESSAGES.lastStaff,
    renewingSubscription: MODERATION_MESSAGES.renewingSubscription,
    unknownUser: MODERATION_MESSAGES.unknownUser,
    unknownMessage: MODERATION_MESSAGES.unknownMessage,
    unknownPost: MODERATION_MESSAGES.unknownPost,
    unknownReports: MODERATION_MESSAGES.unknownReports,
    untilInPast: MODERATION_MESSAGES.untilInPast,
    notSuspended: MODERATION_MESSAGES.notSuspended,
    alreadyRemoved: MODERATION_MESSAGES.alreadyRemoved,
    selfAction: MODERATION_MESSAGES.selfAction,
    staffTarget: MODERATION_MESSAGES.staffTarget,
    needsReason: MODERATION_MESSAGES.needsReason,
    needsTarget: MODERATION_MESSAGES.needsTarget,
    suspendedUntilLifted: 'Your account is suspended until a moderator lifts the suspension.',
    /** `until` is 'YYYY-MM-DD HH:MM', as the English always wrote it. */
    suspendedUntil: icu('Your account is suspended until {until} UTC.', (until: string) => ({
      until,
    })),
  },
  plans: {
    translationLimitTitle: 'Daily translation limit reached',
    translationLimit: icu(
      'The Free plan translates {count} messages a day between different languages. Your message was delivered untranslated; chats in the same language stay free. Upgrade for unlimited translation.',
      (count: number) => ({ count }),
    ),
    voiceLimit: icu(
      'The Free plan translates {count, plural, one {# voice message} other {# voice messages}} a day. Upgrade for Full Access.',
      (count: number) => ({ count }),
    ),
  },
  push: {
    ...PUSH_MESSAGES,
    /** A call record or a group's record of its own event, worded for the receiver. */
    call: icu(
      '{event, select, started {{type, select, video {Video call started} other {Audio call started}}} other {{type, select, video {Video call ended} other {Audio call ended}}}}',
      (event: string, type: string) => ({ event, type }),
    ),
    groupCreated: icu('Created the group {name}', (name: string) => ({ name })),
    membersAdded: icu('Added {names}', (names: readonly string[]) => ({ names })),
    membersRemoved: icu('Removed {names}', (names: readonly string[]) => ({ names })),
    left: 'Left the group',
  },
  ...REFUSAL_MESSAGE_SOURCE,
  checkout: {
    banner: 'TEST MODE — no real payment is taken. This server has no payment provider configured.',
    pay: 'Pay',
    cancel: 'Cancel',
    closed: 'This checkout is no longer open.',
    refused:
      'This checkout can only be completed in the browser that started it, signed in as its buyer. Start again from your dashboard.',
    title: icu('Test checkout — {plan}', (plan: string) => ({ plan })),
    closedTitle: 'Checkout closed',
    refusedTitle: 'Checkout refused',
    backToDashboard: 'Back to the dashboard',
    plan: icu(
      '{plan, select, personal {Personal} organization {Organization} other {Lifetime Founder}}',
      (plan: string) => ({ plan }),
    ),
    oneTime: icu('{price} one-time', (price: string) => ({ price })),
    personalPrice: icu('{price} per month, 1 user', (price: string) => ({ price })),
    organizationPrice: icu(
      '{seats} users × {price} = {total} per month',
      (seats: number, price: string, total: string) => ({ seats: String(seats), price, total }),
    ),
  },
} as const;
