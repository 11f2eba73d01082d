export type {
  ChatThemeName,
  CsrfResponse,
  CurrentUser,
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
  UpdateVoiceOutputRequest,
  UserSummary,
} from './accounts';
export { CHAT_THEME_NAMES, GENDERS } from './accounts';
export type { ErrorBody, FieldErrors } from './errors';
export { CSRF_FAILURE_DETAIL } from './errors';
export type { PagedList } from './paging';
export { ACCOUNT_PATHS, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE } from './paths';
