export type { AccountsApi } from './accounts-api';
export { applyCorrection, applyCorrections } from './apply-corrections';
export type { BillingApi, OrgApi } from './billing-api';
export { CheckoutError, checkoutRequestFor, JoinOrgError } from './billing-api';
export type {
  ChatState,
  GroupUsersState,
  MessageStatus,
  RoomMessage,
  RoomState,
} from './chat/chat-state';
export type {
  ChatStore,
  ChatStoreEvents,
  IncomingMessage,
  SendMessageInput,
} from './chat/chat-store';
export type { ChatApi, ChatHistoryQuery, CreateGroupInput } from './chat-api';
export type { ParleyClient, ParleyClientOptions } from './client';
export { createParleyClient } from './client';
export { LIMITS, TIMINGS } from './constants';
export type { CorrectionsApi } from './corrections-api';
export { ApiError, NetworkError, RegistrationError, SignInError } from './errors';
export type { ParleyClientEvent } from './events';
export type { Debounced } from './format';
export { debounce, formatBadgeCount, formatFileSize, formatMessageTime } from './format';
export type { UploadRequest, UploadResponse, UploadTransport } from './http/upload-transport';
export type { Language } from './languages';
export {
  findLanguage,
  findLanguageByCode,
  GLOBE_FLAG,
  LANGUAGES,
  languageCodeForName,
  languageNameForCode,
  searchLanguages,
} from './languages';
export type { Logger } from './logger';
export { PRODUCT_NAME, SDK_MESSAGES } from './messages';
export type { MetaApi } from './meta-api';
export type { PlanName } from './pending-plan';
export { PENDING_PLAN_KEY, PLAN_NAMES, setPendingPlan, takePendingPlan } from './pending-plan';
export {
  PREVIOUS_CHAT_URL_KEY,
  rememberPreviousChatUrl,
  takePreviousChatUrl,
} from './previous-chat-url';
export type {
  BillingPortalResponse,
  BillingStatus,
  CallSignal,
  CallSignalFrame,
  CallSignalSendFrame,
  CallType,
  Capabilities,
  ChatFileType,
  ChatHistoryFrame,
  ChatHistoryPage,
  ChatListUser,
  ChatMessage,
  ChatMessageFrame,
  ChatMessageSendFrame,
  ChatThemeName,
  ChunkInitFrame,
  ClientFrame,
  ClientFrameType,
  ConnectionAcceptedFrame,
  ConnectionRequestFrame,
  Correction,
  CorrectionCheckRequest,
  CorrectionCheckResponse,
  CorrectionLanguagesResponse,
  CreateCheckoutSessionRequest,
  CreateCheckoutSessionResponse,
  CsrfResponse,
  CurrentUser,
  ErrorBody,
  ErrorFrame,
  FieldErrors,
  Gender,
  GroupSummary,
  JoinOrgRequest,
  JoinRoomFrame,
  LanguageEngineCapabilities,
  LeaveRoomFrame,
  LiveTranscriptFrame,
  LoginRequest,
  LoginResponse,
  OrganizationMembersResponse,
  OrgMemberSummary,
  PagedList,
  PaidPlanName,
  PaymentProviderName,
  PingFrame,
  PongFrame,
  RecordingFrame,
  RecordingIndicatorFrame,
  RefreshResponse,
  RegisterPayload,
  RegisterResponse,
  ServerFrame,
  ServerFrameType,
  SocketErrorCode,
  SocketUserObject,
  SubscriptionRequiredFrame,
  TierLimitAction,
  TierLimitWarningFrame,
  TranslationCapabilities,
  TranslationPair,
  TypingFrame,
  TypingIndicatorFrame,
  UpdateAutoCorrectRequest,
  UpdateChatThemeRequest,
  UpdateLanguageRequest,
  UpdateMuteSoundsRequest,
  UpdateProfileInfoRequest,
  UpdateVoiceOutputRequest,
  UserSummary,
  VoiceChunkFrame,
} from './protocol';
export {
  ACCOUNT_PATHS,
  BILLING_PATHS,
  CHAT_FILE_TYPES,
  CHAT_PATHS,
  CHAT_THEME_NAMES,
  CLIENT_FRAME_TYPES,
  CORRECTION_PATHS,
  CSRF_COOKIE,
  CSRF_FAILURE_DETAIL,
  CSRF_HEADER,
  chatSocketPath,
  GENDERS,
  META_PATHS,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  PLAN_PRICES_CENTS,
  REFRESH_COOKIE,
  SERVER_FRAME_TYPES,
  SOCKET_CLOSE_CODES,
  SOCKET_LIMITS,
} from './protocol';
export type { ParsedRoom } from './rooms';
export {
  canonicalRoomName,
  groupRoomName,
  parseRoomName,
  privateRoomName,
  profileRoomName,
} from './rooms';
export type { Session } from './session/session';
export type { SessionState } from './session/session-state';
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
export type { TranslationRoute } from './translation-routes';
export { canTranslate, languageCodeOf, translationRoute } from './translation-routes';
