export type { AccountsApi } from './accounts-api';
export { applyCorrection, applyCorrections } from './apply-corrections';
export type { BillingApi, OrgApi } from './billing-api';
export { CheckoutError, checkoutRequestFor, JoinOrgError } from './billing-api';
export type {
  ChatListEntry,
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
export type { PagedListState, PagedListStore } from './chat/paged-list';
export { createPagedList } from './chat/paged-list';
export type { UserSearch, UserSearchState } from './chat/user-search';
export { createUserSearch, mergeUsers } from './chat/user-search';
export type { ChatApi, ChatHistoryQuery, CreateGroupInput } from './chat-api';
export type { ParleyClient, ParleyClientOptions } from './client';
export { createParleyClient } from './client';
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
export { ApiError, NetworkError, RegistrationError, SignInError } from './errors';
export type { ParleyClientEvent } from './events';
export type { Debounced } from './format';
export { debounce, formatBadgeCount, formatFileSize, formatMessageTime } from './format';
export type { UploadRequest, UploadResponse, UploadTransport } from './http/upload-transport';
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
export { PRODUCT_NAME, SDK_MESSAGES } from './messages';
export type { MetaApi } from './meta-api';
export type { PlanName } from './pending-plan';
export { PENDING_PLAN_KEY, PLAN_NAMES, setPendingPlan, takePendingPlan } from './pending-plan';
export type { CreatePostInput, PostsApi } from './posts-api';
export {
  PREVIOUS_CHAT_URL_KEY,
  rememberPreviousChatUrl,
  takePreviousChatUrl,
} from './previous-chat-url';
export type {
  BillingPortalResponse,
  BillingStatus,
  BlockRequest,
  CallSignal,
  CallSignalFrame,
  CallSignalSendFrame,
  CallType,
  Capabilities,
  Category,
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
  PendingListResponse,
  PingFrame,
  PongFrame,
  Post,
  PostContentType,
  Profile,
  RecordingFrame,
  RecordingIndicatorFrame,
  RefreshResponse,
  RegisterPayload,
  RegisterResponse,
  ReportRequest,
  ServerFrame,
  ServerFrameType,
  SocketErrorCode,
  SocketUserObject,
  SpecChatMessage,
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
  UpdateTimezoneRequest,
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
  CONNECTION_PATHS,
  CONNECTION_STATUSES,
  CORRECTION_PATHS,
  CSRF_COOKIE,
  CSRF_FAILURE_DETAIL,
  CSRF_HEADER,
  chatFileKind,
  chatSocketPath,
  GENDERS,
  META_PATHS,
  ORG_MAX_USERS,
  ORG_MIN_USERS,
  PLAN_PRICES_CENTS,
  POST_CONTENT_TYPES,
  POST_LIMITS,
  POST_PATHS,
  profilePath,
  REFRESH_COOKIE,
  SAFETY_PATHS,
  SERVER_FRAME_TYPES,
  SOCKET_CLOSE_CODES,
  SOCKET_LIMITS,
} from './protocol';
export type { ParsedRoom } from './rooms';
export {
  canonicalRoomName,
  groupRoomName,
  groupUserObjects,
  parseRoomName,
  privateRoomName,
  profileRoomName,
} from './rooms';
export { clearParleyStorage, PARLEY_STORAGE_KEYS } from './session/local-data';
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
export type { TranslationDirection, TranslationRoute } from './translation-routes';
export {
  canTranslate,
  languageCodeOf,
  MAX_TRANSLATION_PIVOTS,
  PIVOT_PREFERENCE,
  planTranslationRoutes,
  translationRoute,
} from './translation-routes';
