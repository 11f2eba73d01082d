// `@parley/chat-sdk/auth`: the session client (REST, sign-in, registration, account controls), its
// stored data and errors, and the pending plan — what a signed-out page needs, without the socket,
// chat, calls or media. The root export offers the same names.
export type { AccountsApi } from '../accounts-api';
export {
  AccountControlError,
  type AccountControlField,
  ApiError,
  NetworkError,
  RegistrationError,
  SignInError,
} from '../errors';
export type { PlanName } from '../pending-plan';
export { PENDING_PLAN_KEY, PLAN_NAMES, setPendingPlan, takePendingPlan } from '../pending-plan';
export type { SessionClient, SessionClientOptions } from '../session-client';
export { createSessionClient } from '../session-client';
export type { StorageLike } from '../storage';
export {
  interfaceLanguageOf,
  readSignedOutLocale,
  rememberSignedOutLocale,
  SIGNED_OUT_LOCALE_KEY,
} from './interface-language';
export { clearParleyStorage, PARLEY_STORAGE_KEYS } from './local-data';
export { ACCOUNT_CONTROL_FALLBACKS, type Session } from './session';
export type { SessionState } from './session-state';
