export type { AccountsApi } from './accounts-api';
export { applyCorrection, applyCorrections } from './apply-corrections';
export type { BillingApi, OrgApi } from './billing-api';
export { CheckoutError, checkoutRequestFor, JoinOrgError } from './billing-api';
export type {
  CallCaption,
  CallPeer,
  CallSessionOptions,
  CallState,
  CallStatus,
  SendCallSignal,
} from './calls/call-session';
export { CallSession } from './calls/call-session';
export type {
  CallManagerOptions,
  CallSocketLike,
  CallSwitchboardOptions,
  CallsState,
} from './calls/call-switchboard';
export { CallManager, CallSwitchboard } from './calls/call-switchboard';
export { CAPTURE_WORKLET_SOURCE } from './calls/capture-worklet';
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
} from './calls/peer-types';
export type { WavChunkerOptions } from './calls/wav-chunker';
export { encodeWav, wavChunker } from './calls/wav-chunker';
export type {
  ChatListEntry,
  ChatListLoadOptions,
  ChatListOptions,
  ChatListState,
  ChatListStore,
  ChatListTab,
} from './chat/chat-list';
export {
  CHAT_LIST_TABS,
  chatListEntries,
  filterChatList,
  groupChatEntry,
  privateChatEntry,
  sortChatList,
} from './chat/chat-list';
export type {
  ChatState,
  GroupUsersState,
  MemberReceipt,
  MessageStatus,
  RoomMessage,
  RoomState,
} from './chat/chat-state';
export type { ChatStore, ChatStoreEvents, IncomingMessage } from './chat/chat-store';
export { applyDeleted, applyEdited, quoteOf, readQuote } from './chat/message-actions';
export type {
  MessageSearch,
  MessageSearchState,
  MessageSearchStatus,
} from './chat/message-search';
export { createMessageSearch, loadHistoryUntil } from './chat/message-search';
export type { MessageTicks, TickStatus } from './chat/message-ticks';
export { messageTicks } from './chat/message-ticks';
export type { SendMessageInput, SendVoiceNoteInput } from './chat/outbox';
export { VOICE_UPLOAD_FAILED } from './chat/outbox';
export type { PagedListState, PagedListStore } from './chat/paged-list';
export { createPagedList } from './chat/paged-list';
export { applyReaction } from './chat/reactions-and-receipts';
export { isSystemMessage, lastMessageInfoOf, readGroupEvent } from './chat/system-rows';
export { listedUnreadCounts, mutedRooms } from './chat/unread-counts';
export type { UserSearch, UserSearchState } from './chat/user-search';
export { createUserSearch, mergeUsers } from './chat/user-search';
export type { ChatApi, ChatHistoryQuery, CreateGroupInput, MessageSearchQuery } from './chat-api';
export type { ParleyClient, ParleyClientCompletion, ParleyClientOptions } from './client';
export { completeParleyClient, createParleyClient } from './client';
export type {
  ConnectionPerson,
  ConnectionStore,
  ConnectionStoreEvents,
  ConnectionsState,
} from './connections/connection-store';
export { connectionPerson } from './connections/connection-store';
export type { ConnectionsApi } from './connections-api';
export { LIMITS, TIMINGS } from './constants';
export type { CorrectionsApi } from './corrections-api';
export type { DriveApi } from './drive-api';
export {
  AccountControlError,
  type AccountControlField,
  ApiError,
  NetworkError,
  RegistrationError,
  SignInError,
} from './errors';
export type { ParleyClientEvent } from './events';
export type { Debounced } from './format';
export {
  debounce,
  formatBadgeCount,
  formatDuration,
  formatFileSize,
  formatMessageTime,
} from './format';
export type { UploadRequest, UploadResponse, UploadTransport } from './http/upload-transport';
export * from './i18n';
export type { EngineLanguage, Language } from './languages';
export {
  ENGINE_ONLY_LANGUAGES,
  findLanguage,
  findLanguageByCode,
  GLOBE_FLAG,
  LANGUAGES,
  languageCodeForName,
  languageForEngineCode,
  languageNameForCode,
  languageWrittenAs,
  searchLanguages,
} from './languages';
export type { Logger } from './logger';
export type { LivePlayback, LivePlaybackEnvironment } from './media/live-playback';
export { createLivePlayback, mediaSourceType } from './media/live-playback';
export type {
  LiveTalk,
  LiveTalkError,
  LiveTalkOptions,
  LiveTalkState,
  LiveTalkStatus,
  LiveTalkTarget,
} from './media/live-talk';
export { createLiveTalk } from './media/live-talk';
export type { LiveVoiceOptions, LiveVoiceStream, VoiceChunk } from './media/live-voice';
export { createLiveVoiceStream, readVoiceChunk } from './media/live-voice';
export type {
  MediaApi,
  UploadedFile,
  UploadedVoice,
  UploadFileInput,
  UploadOptions,
  UploadVoiceInput,
  VoiceUploadResult,
} from './media/media-api';
export { isVoiceLimitReached } from './media/media-api';
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
} from './media/recorder';
export {
  createRecorder,
  formatRecordingTime,
  pickRecordingMimeType,
  RECORDING_MIME_PREFERENCES,
  recorderErrorCode,
} from './media/recorder';
export type { AudioLike, VoiceOutput, VoiceOutputOptions } from './media/voice-output';
export { createVoiceOutput, voiceNoteClip } from './media/voice-output';
export { PRODUCT_NAME, SDK_MESSAGE_SOURCE, SDK_MESSAGES } from './messages';
export type { MetaApi } from './meta-api';
export type { ModerationApi, ModerationAuditQuery } from './moderation/moderation-api';
export {
  type ModerationNoticeState,
  type ModerationNoticeStore,
  NOTICES_SHOWN_ON_RETURN,
} from './moderation/moderation-notices';
export type { PlanName } from './pending-plan';
export { PENDING_PLAN_KEY, PLAN_NAMES, setPendingPlan, takePendingPlan } from './pending-plan';
export type { CreatePostInput, PostsApi } from './posts-api';
export {
  PREVIOUS_CHAT_URL_KEY,
  rememberPreviousChatUrl,
  takePreviousChatUrl,
} from './previous-chat-url';
// Issue 26, translation you can trust.
// Issue 29: moderation (review queue, actions, audit log).
export type {
  AccountExport,
  AuditActionName,
  AuthenticatedFrame,
  AuthenticateFrame,
  BillingPortalResponse,
  BillingStatus,
  BioTranslation,
  BlockChangedFrame,
  BlockRequest,
  CallAudioFrame,
  CallCapabilities,
  CallEndReason,
  CallEvent,
  CallSignal,
  CallSignalFrame,
  CallSignalSendFrame,
  CallType,
  Capabilities,
  Category,
  ChangePasswordRequest,
  ChatFileType,
  ChatHistoryFrame,
  ChatHistoryPage,
  ChatListCounts,
  ChatListUser,
  ChatMessage,
  ChatMessageFrame,
  ChatMessageMediaExtensions,
  ChatMessageSendFrame,
  ChatMuteDuration,
  ChatMuteRequest,
  ChatMuteResponse,
  ChatThemeName,
  ChunkEndFrame,
  ChunkInitFrame,
  ClientFrame,
  ClientFrameType,
  ConnectionAcceptedFrame,
  ConnectionAcceptRequest,
  ConnectionChange,
  ConnectionFrameUser,
  ConnectionListItem,
  ConnectionPairRequest,
  ConnectionRemovedFrame,
  ConnectionRequestFrame,
  ConnectionStatus,
  ConnectionStatusValue,
  Correction,
  CorrectionCheckRequest,
  CorrectionCheckResponse,
  CorrectionLanguage,
  CorrectionLanguagesResponse,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  CsrfResponse,
  CurrentUser,
  DeleteAccountRequest,
  DeleteMessageFrame,
  DeliveredReceiptFrame,
  DeliveredReceiptsFrame,
  DriveAuthorizeResponse,
  DriveBackupResult,
  DriveConnectError,
  DriveStatus,
  EditMessageFrame,
  ErrorBody,
  ErrorFrame,
  FieldErrors,
  Gender,
  GroupEvent,
  GroupEventKind,
  GroupSummary,
  IceServer,
  IceServersResponse,
  IceTransportPolicy,
  JoinOrgRequest,
  JoinRoomFrame,
  LanguageEngineCapabilities,
  LastMessageInfo,
  LeaveRoomFrame,
  LinkPreview,
  LinkPreviewAnswer,
  LinkPreviewFrame,
  LiveTranscriptFrame,
  LiveTranscriptServerFrame,
  LoginRequest,
  LoginResponse,
  MediaCapabilities,
  MessageDeletedFrame,
  MessageEditedFrame,
  MessageMention,
  MessageQuote,
  MessageReaction,
  MessageRequestDecisionAnswer,
  MessageRequestDecisionBody,
  MessageRequestKind,
  MessageSearchMatch,
  MessageSearchPage,
  MessageSearchResult,
  MessageSearchRoom,
  ModerationActionName,
  ModerationActionRequest,
  ModerationActionResponse,
  ModerationAuditEntry,
  ModerationAuditResponse,
  ModerationMessage,
  ModerationNotice,
  ModerationNoticeFrame,
  ModerationNoticesResponse,
  ModerationOverviewResponse,
  ModerationPerson,
  ModerationPost,
  ModerationQueueSort,
  ModerationReport,
  ModerationReportGroup,
  ModerationReportsResponse,
  ModerationRole,
  ModerationRoleRequest,
  ModerationRoleResponse,
  ModerationSubject,
  ModerationTranslationReport,
  NeverTranslatedRequest,
  NeverTranslatedResponse,
  OrganizationMembersResponse,
  OrgInvitePreview,
  OrgInviteRotateResponse,
  OrgMemberSummary,
  PagedList,
  PaidPlanName,
  PaymentProviderName,
  PaymentsCapabilities,
  PendingListResponse,
  PingFrame,
  PongFrame,
  Post,
  PostContentType,
  Profile,
  PushKind,
  PushPayload,
  PushPublicKeyResponse,
  PushSubscribeRequest,
  PushUnsubscribeRequest,
  ReactFrame,
  ReactionFrame,
  ReadFrame,
  ReadReceiptFrame,
  RecordingFrame,
  RecordingIndicatorFrame,
  RefreshResponse,
  RegisterPayload,
  RegisterResponse,
  ReportRequest,
  RoleActionName,
  RoomReceipt,
  ServerFrame,
  ServerFrameType,
  SocketErrorCode,
  SocketUserObject,
  SpecChatMessage,
  SpeechResponse,
  SubscriptionRequiredFrame,
  TierLimitAction,
  TierLimitWarningFrame,
  TranscriptStatus,
  TranslationCapabilities,
  TranslationPair,
  TranslationReportResponse,
  TranslationSuggestion,
  TranslationSuggestionFrame,
  TranslationSuggestionRequest,
  TranslationSuggestionResponse,
  TypingFrame,
  TypingIndicatorFrame,
  UpdateAutoCorrectRequest,
  UpdateChatThemeRequest,
  UpdateInterfaceLanguageRequest,
  UpdateLanguageRequest,
  UpdateLinkPreviewsRequest,
  UpdateMuteSoundsRequest,
  UpdateProfileInfoRequest,
  UpdateTimezoneRequest,
  UpdateVoiceOutputRequest,
  UploadFileFields,
  UploadFileResponse,
  UploadVoiceFields,
  UploadVoiceResponse,
  UserSummary,
  VoiceChunkFrame,
  VoiceLimitReachedBody,
} from './protocol';
export {
  ACCOUNT_EXPORT_FORMAT,
  ACCOUNT_PATHS,
  ACCOUNT_SUSPENDED_CLOSE_REASON,
  ALL_SOCKET_FEATURES_QUERY,
  BILLING_PATHS,
  BLOCKED_MESSAGE_PREVIEW,
  CALL_AUDIO_LIMITS,
  CALL_END_REASONS,
  CALL_PATHS,
  CHAT_FILE_TYPES,
  CHAT_MUTE_DURATIONS,
  CHAT_MUTE_FOREVER,
  CHAT_MUTE_PATHS,
  CHAT_PATHS,
  CHAT_THEME_NAMES,
  CLIENT_FRAME_TYPES,
  CONNECTION_PATHS,
  CONNECTION_STATUSES,
  CORRECTION_PATHS,
  CSRF_COOKIE,
  CSRF_FAILURE_DETAIL,
  CSRF_HEADER,
  chatFileKind,
  chatRoomPath,
  chatSocketPath,
  DEFAULT_ICE_SERVERS,
  DELETED_ACCOUNT_NAME,
  DELIVERED_RECEIPTS_PER_FRAME,
  DRIVE_CONNECT_ERRORS,
  DRIVE_PATHS,
  FREE_VOICE_TRANSLATIONS_PER_DAY,
  firstLinkIn,
  GENDERS,
  GROUP_EVENT_KINDS,
  isChatMuted,
  isPushPayload,
  isReactionEmoji,
  LINK_PREVIEW_PATHS,
  LINK_PREVIEW_URL_MAX,
  MAX_MENTIONS,
  MEDIA_LIMITS,
  MEDIA_PATHS,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGE_REQUEST_ALLOWANCE,
  MESSAGE_REQUEST_ERROR_CODE,
  MESSAGE_REQUEST_PATHS,
  MESSAGE_SEARCH_LIMITS,
  META_PATHS,
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_OVERVIEW_WINDOW_DAYS,
  MODERATION_PATHS,
  MODERATION_QUEUE_SORTS,
  MODERATION_ROLES,
  NEVER_TRANSLATED_LIMITS,
  NEVER_TRANSLATED_PATHS,
  NO_TRANSCRIPT_MARKER,
  normalizeNeverTranslatedWord,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  PLAN_PRICES_CENTS,
  POST_CONTENT_TYPES,
  POST_LIMITS,
  POST_PATHS,
  PUSH_KINDS,
  PUSH_LIMITS,
  PUSH_PATHS,
  profilePath,
  profilePostsPath,
  QUICK_REACTIONS,
  REACTION_LIMITS,
  REFRESH_COOKIE,
  ROLE_ACTIONS,
  SAFETY_PATHS,
  SERVER_FRAME_TYPES,
  SOCKET_CLOSE_CODES,
  SOCKET_FEATURES,
  SOCKET_FEATURES_PARAM,
  SOCKET_LIMITS,
  TRANSCRIPT_STATUSES,
  TRANSLATION_TRUST_LIMITS,
  TRANSLATION_TRUST_PATHS,
  TRANSLATION_TRUST_ROUTES,
  UNREAD_COUNT_CAP,
} from './protocol';
export type { PushApi } from './push-api';
export type { ParsedRoom } from './rooms';
export {
  canonicalRoomName,
  groupRoomName,
  groupUserObjects,
  parseRoomName,
  privateRoomName,
  profileRoomName,
} from './rooms';
export {
  interfaceLanguageOf,
  readSignedOutLocale,
  rememberSignedOutLocale,
  SIGNED_OUT_LOCALE_KEY,
} from './session/interface-language';
export { clearParleyStorage, PARLEY_STORAGE_KEYS } from './session/local-data';
export { ACCOUNT_CONTROL_FALLBACKS, type Session } from './session/session';
export type { SessionState } from './session/session-state';
export type { SessionClient, SessionClientOptions } from './session-client';
export { createSessionClient } from './session-client';
export type {
  ChatSocketError,
  ChatSocketEvents,
  SendResult,
  SocketState,
  SocketStatus,
  WebSocketConstructorLike,
  WebSocketLike,
} from './socket/chat-socket';
export { ChatSocket } from './socket/chat-socket';
export type { StateSnapshot } from './state-binding';
export { snapshotOfState, subscribeToState } from './state-binding';
export type { StorageLike } from './storage';
export type {
  TranslationDirection,
  TranslationReach,
  TranslationRoute,
} from './translation-routes';
export {
  canTranslate,
  languageCodeOf,
  MAX_TRANSLATION_PIVOTS,
  PIVOT_PREFERENCE,
  planTranslationRoutes,
  translationReach,
  translationRoute,
} from './translation-routes';
