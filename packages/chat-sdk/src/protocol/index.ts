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
} from './billing';
export { BILLING_PATHS, ORG_MAX_USERS, ORG_MIN_USERS, PLAN_PRICES_CENTS } from './billing';
export type {
  CallCapabilities,
  CallEvent,
  IceServer,
  IceServersResponse,
  IceTransportPolicy,
} from './calls';
export { CALL_PATHS, DEFAULT_ICE_SERVERS } from './calls';
export type { ChatHistoryPage, ChatListUser, GroupSummary } from './chat';
export { CHAT_PATHS } from './chat';
export type {
  BlockRequest,
  ConnectionAcceptRequest,
  ConnectionChange,
  ConnectionListItem,
  ConnectionPairRequest,
  ConnectionStatus,
  ConnectionStatusValue,
  PendingListResponse,
  ReportRequest,
} from './connections';
export { CONNECTION_PATHS, CONNECTION_STATUSES, SAFETY_PATHS } from './connections';
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
  ChatMessageMediaExtensions,
  ChunkEndFrame,
  MediaCapabilities,
  SpeechResponse,
  TranscriptStatus,
  UploadFileFields,
  UploadFileResponse,
  UploadVoiceFields,
  UploadVoiceResponse,
  VoiceLimitReachedBody,
} from './media';
export {
  FREE_VOICE_TRANSLATIONS_PER_DAY,
  MEDIA_LIMITS,
  MEDIA_PATHS,
  NO_TRANSCRIPT_MARKER,
  TRANSCRIPT_STATUSES,
} from './media';
export type {
  Capabilities,
  LanguageEngineCapabilities,
  PaymentsCapabilities,
  TranslationCapabilities,
  TranslationPair,
} from './meta';
export { META_PATHS } from './meta';
export type { PagedList } from './paging';
export { ACCOUNT_PATHS, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from './paths';
export type { Category, Post, PostContentType, Profile } from './posts';
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
  AuthenticatedFrame,
  AuthenticateFrame,
  CallAudioFrame,
  CallEndReason,
  CallSignal,
  CallSignalFrame,
  CallSignalSendFrame,
  CallType,
  ChatFileType,
  ChatHistoryFrame,
  ChatMessage,
  ChatMessageFrame,
  ChatMessageSendFrame,
  ChunkInitFrame,
  ClientFrame,
  ClientFrameType,
  ConnectionAcceptedFrame,
  ConnectionFrameUser,
  ConnectionRemovedFrame,
  ConnectionRequestFrame,
  ErrorFrame,
  JoinRoomFrame,
  LeaveRoomFrame,
  LiveTranscriptFrame,
  LiveTranscriptServerFrame,
  PingFrame,
  PongFrame,
  RecordingFrame,
  RecordingIndicatorFrame,
  ServerFrame,
  ServerFrameType,
  SocketErrorCode,
  SocketUserObject,
  SpecChatMessage,
  SubscriptionRequiredFrame,
  TierLimitAction,
  TierLimitWarningFrame,
  TypingFrame,
  TypingIndicatorFrame,
  VoiceChunkFrame,
} from './socket';
export {
  CALL_AUDIO_LIMITS,
  CALL_END_REASONS,
  CHAT_FILE_TYPES,
  CLIENT_FRAME_TYPES,
  chatFileKind,
  chatSocketPath,
  SERVER_FRAME_TYPES,
  SOCKET_CLOSE_CODES,
  SOCKET_LIMITS,
} from './socket';
