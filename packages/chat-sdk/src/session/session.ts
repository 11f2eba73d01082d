import type { AccountsApi } from '../accounts-api';
import { AccountControlError, RegistrationError, SignInError } from '../errors';
import type { HttpClient } from '../http/http-client';
import type { InterfaceLocale } from '../i18n/locales';
import type { Logger } from '../logger';
import type {
  ChatThemeName,
  CurrentUser,
  RegisterPayload,
  RegisterResponse,
} from '../protocol/accounts';
import { ACCOUNT_PATHS } from '../protocol/paths';
import type { AuthStore } from './auth-store';
import type { SessionState } from './session-state';

export interface Session {
  /** A valtio proxy; read it with useSnapshot (React) or subscribe (valtio/vanilla). */
  state: SessionState;
  /** Login, then the current user. Any failure → SignInError ('Invalid username or password'). */
  signIn(usernameOrEmail: string, password: string): Promise<CurrentUser>;
  /** A fresh CSRF token, registration, then the current user. Failure → RegistrationError. */
  register(payload: RegisterPayload): Promise<CurrentUser>;
  /** POST logout (errors ignored), then clears state and every key Parley stored locally. */
  signOut(): Promise<void>;
  /**
   * Changes the password (asks for the current one). Other devices are signed out; this one stays.
   * Failure → AccountControlError with the server's message per field.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Deletes the account (asks for the password), then clears the session and everything stored
   * locally, as sign-out does. Failure → AccountControlError; the session is kept.
   */
  deleteAccount(password: string): Promise<void>;
  /** GET me; a failure is logged and gives null. */
  refreshUser(): Promise<CurrentUser | null>;
  /** Settings: applied to state at once, then saved; a failed save is only logged (spec §4). */
  setLanguage(name: string): Promise<void>;
  /**
   * Issue 27: the interface language chosen in Settings (null: follow the chat language, then the
   * browser). Applied to `state.user.interface_language` at once, then saved; a failed save (a
   * spec-only backend has no such path) is only logged.
   */
  setInterfaceLanguage(locale: InterfaceLocale | null): Promise<void>;
  setMuteSounds(on: boolean): Promise<void>;
  setVoiceOutput(on: boolean): Promise<void>;
  setChatTheme(theme: ChatThemeName): Promise<void>;
  setProfileInfo(text: string): Promise<void>;
  /** Auto-correct on send (the composer applies the first suggestion of each flagged word). */
  setAutoCorrect(on: boolean): Promise<void>;
  /** Link preview cards: shown, and added to one's messages (Parley extension, issue 25). */
  setLinkPreviews(on: boolean): Promise<void>;
  /** Issue 25: send read receipts (off: others do not see my reads, and I see none of theirs). */
  setReadReceipts(on: boolean): Promise<void>;
  /** Uploads with progress and stores the answered user; rejects on failure. */
  setProfileImage(file: Blob, onProgress?: (percent: number) => void): Promise<CurrentUser>;
}

/** What an AccountControlError says when the server gave no message (offline, 5xx). */
export const ACCOUNT_CONTROL_FALLBACKS = {
  changePassword: 'Your password could not be changed. Try again.',
  deleteAccount: 'Your account could not be deleted. Try again.',
} as const;

type SettingField =
  | 'language'
  | 'mute_sounds'
  | 'voice_output_enabled'
  | 'chat_theme'
  | 'profile_info'
  | 'auto_correct'
  | 'link_previews'
  | 'read_receipts'
  | 'interface_language';

export function createSession(
  api: AccountsApi,
  http: HttpClient,
  store: AuthStore,
  logger: Logger,
  /** Told while signOut runs: the server closing the socket then is no expired session. */
  signingOut: (active: boolean) => void = () => {},
): Session {
  /** The user for a token that is not in the session yet, so a failed sign-in never flickers. */
  const meWith = (accessToken: string) =>
    http.request<CurrentUser>(ACCOUNT_PATHS.me, { accessToken });

  const latestSave = new Map<SettingField, number>();

  async function saveSetting<K extends SettingField>(
    field: K,
    value: CurrentUser[K],
    save: () => Promise<Partial<CurrentUser>>,
  ): Promise<void> {
    const attempt = (latestSave.get(field) ?? 0) + 1;
    latestSave.set(field, attempt);
    await store.patchUser({ [field]: value } as Partial<CurrentUser>);
    try {
      const saved = await save();
      // The server's spelling wins (e.g. a language's canonical name), unless a newer change exists.
      if (latestSave.get(field) === attempt && saved && field in saved) {
        await store.patchUser({ [field]: saved[field] } as Partial<CurrentUser>);
      }
    } catch (error) {
      logger.error(`[parley] saving ${field} failed`, error);
    }
  }

  return {
    state: store.state,

    async signIn(usernameOrEmail, password) {
      try {
        const { access_token: accessToken } = await api.login(usernameOrEmail, password);
        if (typeof accessToken !== 'string' || accessToken === '') {
          throw new Error('The login answer had no access_token');
        }
        const user = await meWith(accessToken);
        await store.signIn(accessToken, user);
        return user;
      } catch (error) {
        logger.warn('[parley] sign-in failed', error);
        throw new SignInError(error);
      }
    },

    async register(payload) {
      let response: RegisterResponse;
      try {
        try {
          await api.csrf();
        } catch (error) {
          logger.warn('[parley] could not fetch a CSRF token before registering', error);
        }
        response = await api.register(payload);
        if (typeof response?.access_token !== 'string' || response.access_token === '') {
          throw new Error('The registration answer had no access_token');
        }
      } catch (error) {
        const failure = new RegistrationError(error);
        if (!failure.fields.username && !failure.fields.email) {
          logger.error('[parley] registration failed', error);
        }
        throw failure;
      }
      let user: CurrentUser;
      try {
        user = await meWith(response.access_token);
      } catch (error) {
        // The account exists and the token is valid: sign in with what registration told us.
        logger.warn('[parley] loading the new user failed; using the registration answer', error);
        user = userFromRegistration(response, payload);
      }
      await store.signIn(response.access_token, user);
      return user;
    },

    async signOut() {
      signingOut(true);
      try {
        try {
          await api.logout();
        } catch (error) {
          logger.warn('[parley] logout call failed; signing out locally', error);
        }
        await store.clear({ everything: true });
      } finally {
        signingOut(false);
      }
    },

    async changePassword(currentPassword, newPassword) {
      try {
        await api.changePassword(currentPassword, newPassword);
      } catch (error) {
        logger.warn('[parley] changing the password failed', error);
        throw new AccountControlError(error, ACCOUNT_CONTROL_FALLBACKS.changePassword);
      }
    },

    async deleteAccount(password) {
      try {
        await api.deleteAccount(password);
      } catch (error) {
        logger.warn('[parley] deleting the account failed', error);
        throw new AccountControlError(error, ACCOUNT_CONTROL_FALLBACKS.deleteAccount);
      }
      await store.clear({ everything: true });
    },

    async refreshUser() {
      try {
        const user = await api.me();
        await store.setUser(user);
        return user;
      } catch (error) {
        logger.error('[parley] refreshing the current user failed', error);
        return null;
      }
    },

    setLanguage: (name) => saveSetting('language', name, () => api.updateLanguage(name)),
    setInterfaceLanguage: (locale) =>
      saveSetting('interface_language', locale, () => api.updateInterfaceLanguage(locale)),
    setMuteSounds: (on) => saveSetting('mute_sounds', on, () => api.updateMuteSounds(on)),
    setVoiceOutput: (on) =>
      saveSetting('voice_output_enabled', on, () => api.updateVoiceOutput(on)),
    setChatTheme: (theme) => saveSetting('chat_theme', theme, () => api.updateChatTheme(theme)),
    setProfileInfo: (text) => saveSetting('profile_info', text, () => api.updateProfileInfo(text)),
    setAutoCorrect: (on) => saveSetting('auto_correct', on, () => api.updateAutoCorrect(on)),
    setLinkPreviews: (on) => saveSetting('link_previews', on, () => api.updateLinkPreviews(on)),
    setReadReceipts: (on) => saveSetting('read_receipts', on, () => api.updateReadReceipts(on)),

    async setProfileImage(file, onProgress) {
      const user = await api.updateProfileImage(file, onProgress);
      await store.setUser(user);
      return user;
    },
  };
}

/** Spec §3, "current user after registration", completed with the documented defaults. */
function userFromRegistration(response: RegisterResponse, payload: RegisterPayload): CurrentUser {
  return {
    id: response.user_id,
    username: response.user_name,
    email: payload.email,
    phone: payload.phone,
    gender: payload.gender,
    first_name: null,
    last_name: null,
    profile_image: null,
    language: payload.language,
    profile_info: '',
    chat_theme: 'default',
    mute_sounds: false,
    voice_output_enabled: true,
    subscription_active: false,
    is_org_admin: false,
    org_invite_token: null,
    is_lifetime: false,
    org_members: [],
    org_max_users: null,
    followers_count: 0,
    auto_correct: false,
  };
}
