export type {
  AccountExport,
  ChangePasswordRequest,
  ChatThemeName,
  CsrfResponse,
  CurrentUser,
  DeleteAccountRequest,
  Gender,
  LoginRequest,
  LoginResponse,
  OrgMemberSummary,
  RefreshResponse,
  RegisterPayload,
  RegisterResponse,
  UpdateChatThemeRequest,
  UpdateInterfaceLanguageRequest,
  UpdateLanguageRequest,
  UpdateMuteSoundsRequest,
  UpdateProfileInfoRequest,
  UpdateTimezoneRequest,
  UpdateVoiceOutputRequest,
  UserSummary,
} from './accounts';
export {
  ACCOUNT_EXPORT_FORMAT,
  CHAT_THEME_NAMES,
  DELETED_ACCOUNT_NAME,
  GENDERS,
} from './accounts';
export type {
  BillingPortalResponse,
  BillingStatus,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  JoinOrgRequest,
  OrganizationMembersResponse,
  OrgInvitePreview,
  OrgInviteRotateResponse,
  PaidPlanName,
  PaymentProviderName,
  SubscriptionRequiredFrame,
  TierLimitAction,
  TierLimitWarningFrame,
} from './billing';
export {
  BILLING_PATHS,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  PLAN_PRICES_CENTS,
} from './billing';
export type { BlockChangedFrame } from './blockingInGroups';
export { BLOCKED_MESSAGE_PREVIEW } from './blockingInGroups';
export type {
  CallAudioFrame,
  CallCapabilities,
  CallEndReason,
  CallEvent,
  CallSignal,
  CallSignalFrame,
  CallSignalSendFrame,
  CallType,
  IceServer,
  IceServersResponse,
  IceTransportPolicy,
  LiveTranscriptFrame,
  LiveTranscriptServerFrame,
} from './calls';
export {
  CALL_AUDIO_LIMITS,
  CALL_END_REASONS,
  CALL_PATHS,
  DEFAULT_ICE_SERVERS,
} from './calls';
export type {
  ChatFileType,
  ChatHistoryFrame,
  ChatHistoryPage,
  ChatListUser,
  ChatMessage,
  ChatMessageFrame,
  ChatMessageMediaExtensions,
  ChatMessageSendFrame,
  GroupSummary,
  MessageSearchMatch,
  MessageSearchPage,
  MessageSearchResult,
  MessageSearchRoom,
  RecordingFrame,
  RecordingIndicatorFrame,
  SpecChatMessage,
  TranscriptStatus,
  TypingFrame,
  TypingIndicatorFrame,
} from './chat';
export {
  CHAT_FILE_TYPES,
  CHAT_PATHS,
  chatFileKind,
  MESSAGE_SEARCH_LIMITS,
  TRANSCRIPT_STATUSES,
} from './chat';
export type {
  ChatListCounts,
  ChatMuteDuration,
  ChatMuteRequest,
  ChatMuteResponse,
} from './chatListCounts';
export {
  CHAT_MUTE_DURATIONS,
  CHAT_MUTE_FOREVER,
  CHAT_MUTE_PATHS,
  isChatMuted,
  UNREAD_COUNT_CAP,
} from './chatListCounts';
export type {
  BlockRequest,
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
  PendingListResponse,
  ReportRequest,
} from './connections';
export {
  CONNECTION_PATHS,
  CONNECTION_STATUSES,
  SAFETY_PATHS,
} from './connections';
export type {
  Correction,
  CorrectionCheckRequest,
  CorrectionCheckResponse,
  CorrectionLanguage,
  CorrectionLanguagesResponse,
  UpdateAutoCorrectRequest,
} from './corrections';
export { CORRECTION_PATHS } from './corrections';
export type {
  DriveAuthorizeResponse,
  DriveBackupResult,
  DriveConnectError,
  DriveStatus,
} from './drive';
export { DRIVE_CONNECT_ERRORS, DRIVE_PATHS } from './drive';
export type { ErrorBody, FieldErrors } from './errors';
export { CSRF_FAILURE_DETAIL } from './errors';
export type {
  LinkPreview,
  LinkPreviewAnswer,
  LinkPreviewFrame,
  MessageMention,
  UpdateLinkPreviewsRequest,
} from './linkPreviews';
export {
  firstLinkIn,
  LINK_PREVIEW_PATHS,
  LINK_PREVIEW_URL_MAX,
  MAX_MENTIONS,
} from './linkPreviews';
export type {
  ChunkEndFrame,
  ChunkInitFrame,
  MediaCapabilities,
  SpeechResponse,
  UploadFileFields,
  UploadFileResponse,
  UploadVoiceFields,
  UploadVoiceResponse,
  VoiceChunkFrame,
  VoiceLimitReachedBody,
} from './media';
export {
  FREE_VOICE_TRANSLATIONS_PER_DAY,
  MEDIA_LIMITS,
  MEDIA_PATHS,
  NO_TRANSCRIPT_MARKER,
} from './media';
export type {
  DeleteMessageFrame,
  EditMessageFrame,
  MessageDeletedFrame,
  MessageEditedFrame,
  MessageQuote,
} from './message-actions';
export { MESSAGE_EDIT_WINDOW_MS } from './message-actions';
export type {
  MessageRequestDecisionAnswer,
  MessageRequestDecisionBody,
  MessageRequestKind,
} from './messageRequests';
export {
  MESSAGE_REQUEST_ALLOWANCE,
  MESSAGE_REQUEST_ERROR_CODE,
  MESSAGE_REQUEST_PATHS,
} from './messageRequests';
export type {
  Capabilities,
  LanguageEngineCapabilities,
  PaymentsCapabilities,
  TranslationCapabilities,
  TranslationPair,
} from './meta';
export { META_PATHS } from './meta';
export type {
  AuditActionName,
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
  RoleActionName,
} from './moderation';
export {
  ACCOUNT_SUSPENDED_CLOSE_REASON,
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_OVERVIEW_WINDOW_DAYS,
  MODERATION_PATHS,
  MODERATION_QUEUE_SORTS,
  MODERATION_ROLES,
  ROLE_ACTIONS,
} from './moderation';
export type { NeverTranslatedRequest, NeverTranslatedResponse } from './neverTranslated';
export {
  NEVER_TRANSLATED_LIMITS,
  NEVER_TRANSLATED_PATHS,
  normalizeNeverTranslatedWord,
} from './neverTranslated';
export type { PagedList } from './paging';
export { ACCOUNT_PATHS, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from './paths';
export type { BioTranslation, Category, Post, PostContentType, Profile } from './posts';
export {
  POST_CONTENT_TYPES,
  POST_LIMITS,
  POST_PATHS,
  profilePath,
  profilePostsPath,
} from './posts';
export type {
  PushKind,
  PushPayload,
  PushPublicKeyResponse,
  PushSubscribeRequest,
  PushUnsubscribeRequest,
} from './push';
export { chatRoomPath, isPushPayload, PUSH_KINDS, PUSH_LIMITS, PUSH_PATHS } from './push';
export type {
  DeliveredReceiptFrame,
  DeliveredReceiptsFrame,
  MessageReaction,
  ReactFrame,
  ReactionFrame,
  ReadFrame,
  ReadReceiptFrame,
  RoomReceipt,
} from './reactions';
export {
  DELIVERED_RECEIPTS_PER_FRAME,
  isReactionEmoji,
  QUICK_REACTIONS,
  REACTION_LIMITS,
} from './reactions';
export type {
  AuthenticatedFrame,
  AuthenticateFrame,
  ClientFrame,
  ClientFrameType,
  ErrorFrame,
  JoinRoomFrame,
  LeaveRoomFrame,
  PingFrame,
  PongFrame,
  ServerFrame,
  ServerFrameType,
  SocketErrorCode,
} from './socket';
export {
  ALL_SOCKET_FEATURES_QUERY,
  CLIENT_FRAME_TYPES,
  chatSocketPath,
  SERVER_FRAME_TYPES,
  SOCKET_CLOSE_CODES,
  SOCKET_FEATURES,
  SOCKET_FEATURES_PARAM,
  SOCKET_LIMITS,
} from './socket';
export type { GroupEvent, GroupEventKind, LastMessageInfo } from './systemRows';
export { GROUP_EVENT_KINDS } from './systemRows';
export type {
  TranslationReportResponse,
  TranslationSuggestion,
  TranslationSuggestionFrame,
  TranslationSuggestionRequest,
  TranslationSuggestionResponse,
} from './translationTrust';
export {
  TRANSLATION_TRUST_LIMITS,
  TRANSLATION_TRUST_PATHS,
  TRANSLATION_TRUST_ROUTES,
} from './translationTrust';
export type { SocketUserObject } from './user-objects';
