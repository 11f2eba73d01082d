import type { HttpClient } from './http/http-client';
import { followPages } from './http/paging';
import type {
  AccountExport,
  ChatThemeName,
  CurrentUser,
  LoginResponse,
  RegisterPayload,
  RegisterResponse,
  UpdateInterfaceLanguageRequest,
  UserSummary,
} from './protocol/accounts';
import { LINK_PREVIEW_PATHS } from './protocol/linkPreviews';
import { NEVER_TRANSLATED_PATHS, type NeverTranslatedResponse } from './protocol/neverTranslated';
import { ACCOUNT_PATHS } from './protocol/paths';

/** Thin typed account calls; all go through the request core's 401-refresh-replay rule. */
export interface AccountsApi {
  /** Always a new GET /accounts/csrf/; the token is then sent on every unsafe call. */
  csrf(): Promise<string>;
  register(p: RegisterPayload): Promise<RegisterResponse>;
  login(username: string, password: string): Promise<LoginResponse>;
  me(): Promise<CurrentUser>;
  /** A new access token; single-flight. */
  refresh(): Promise<string>;
  logout(): Promise<void>;
  updateLanguage(language: string): Promise<CurrentUser>;
  /**
   * PATCH /accounts/update-interface-language/ (Parley extension, issue 27): one of
   * INTERFACE_LOCALES, or null to follow the chat language again. Answers {interface_language}.
   */
  updateInterfaceLanguage(locale: string | null): Promise<UpdateInterfaceLanguageRequest>;
  updateProfileImage(file: Blob, onProgress?: (percent: number) => void): Promise<CurrentUser>;
  updateMuteSounds(on: boolean): Promise<CurrentUser>;
  updateVoiceOutput(on: boolean): Promise<CurrentUser>;
  updateChatTheme(theme: ChatThemeName): Promise<CurrentUser>;
  updateProfileInfo(text: string): Promise<CurrentUser>;
  /** PATCH /accounts/update-auto-correct/. */
  updateAutoCorrect(on: boolean): Promise<CurrentUser>;
  /** PATCH /accounts/update-link-previews/ (Parley extension, issue 25). */
  updateLinkPreviews(on: boolean): Promise<CurrentUser>;
  /** PATCH /accounts/update-read-receipts/ (Parley extension, issue 25). */
  updateReadReceipts(on: boolean): Promise<CurrentUser>;
  /** Issue 26: the person's words never translated (GET, add, remove); each answers the list. */
  neverTranslated(): Promise<NeverTranslatedResponse>;
  addNeverTranslated(word: string): Promise<NeverTranslatedResponse>;
  removeNeverTranslated(word: string): Promise<NeverTranslatedResponse>;
  /** POST /accounts/change-password/ (Parley extension); other sessions end, this one stays. */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /** POST /accounts/delete-account/ (Parley extension). Session.deleteAccount also signs out. */
  deleteAccount(password: string): Promise<void>;
  /** GET /accounts/export/ (Parley extension): everything the server keeps about the person. */
  exportData(): Promise<AccountExport>;
  /** One page per step, following `next`. */
  users(opts?: { search?: string }): AsyncIterableIterator<UserSummary[]>;
}

export function createAccountsApi(http: HttpClient): AccountsApi {
  return {
    csrf: () => http.fetchCsrf(true),
    register: (payload) =>
      http.request<RegisterResponse>(ACCOUNT_PATHS.register, {
        method: 'POST',
        json: payload,
        bearer: false,
      }),
    login: (username, password) =>
      http.request<LoginResponse>(ACCOUNT_PATHS.login, {
        method: 'POST',
        json: { username, password },
        bearer: false,
      }),
    me: () => http.request<CurrentUser>(ACCOUNT_PATHS.me),
    refresh: () => http.refresh(),
    logout: async () => {
      await http.request<unknown>(ACCOUNT_PATHS.logout, { method: 'POST', json: {} });
    },
    updateLanguage: (language) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateLanguage, {
        method: 'PATCH',
        json: { language },
      }),
    updateInterfaceLanguage: (locale) =>
      http.request<UpdateInterfaceLanguageRequest>(ACCOUNT_PATHS.updateInterfaceLanguage, {
        method: 'PATCH',
        json: { interface_language: locale } satisfies UpdateInterfaceLanguageRequest,
      }),
    updateProfileImage: (file, onProgress) => {
      const form = new FormData();
      form.append('profile_image', file, fileNameOf(file));
      return http.request<CurrentUser>(ACCOUNT_PATHS.updateProfileImage, {
        method: 'PATCH',
        form,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
    },
    updateMuteSounds: (on) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateMuteSounds, {
        method: 'PATCH',
        json: { mute_sounds: on },
      }),
    updateVoiceOutput: (on) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateVoiceOutput, {
        method: 'PATCH',
        json: { voice_output_enabled: on },
      }),
    updateChatTheme: (theme) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateChatTheme, {
        method: 'POST',
        json: { chat_theme: theme },
      }),
    updateProfileInfo: (text) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateProfileInfo, {
        method: 'PATCH',
        json: { profile_info: text },
      }),
    updateAutoCorrect: (on) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateAutoCorrect, {
        method: 'PATCH',
        json: { auto_correct: on },
      }),
    updateLinkPreviews: (on) =>
      http.request<CurrentUser>(LINK_PREVIEW_PATHS.updateLinkPreviews, {
        method: 'PATCH',
        json: { link_previews: on },
      }),
    updateReadReceipts: (on) =>
      http.request<CurrentUser>(ACCOUNT_PATHS.updateReadReceipts, {
        method: 'PATCH',
        json: { read_receipts: on },
      }),
    neverTranslated: () => http.request<NeverTranslatedResponse>(NEVER_TRANSLATED_PATHS.words),
    addNeverTranslated: (word) =>
      http.request<NeverTranslatedResponse>(NEVER_TRANSLATED_PATHS.words, {
        method: 'POST',
        json: { word },
      }),
    removeNeverTranslated: (word) =>
      http.request<NeverTranslatedResponse>(NEVER_TRANSLATED_PATHS.remove, {
        method: 'POST',
        json: { word },
      }),
    changePassword: async (currentPassword, newPassword) => {
      await http.request<unknown>(ACCOUNT_PATHS.changePassword, {
        method: 'POST',
        json: { current_password: currentPassword, new_password: newPassword },
      });
    },
    deleteAccount: async (password) => {
      await http.request<unknown>(ACCOUNT_PATHS.deleteAccount, {
        method: 'POST',
        json: { password },
      });
    },
    exportData: () => http.request<AccountExport>(ACCOUNT_PATHS.exportData),
    users: (opts = {}) => {
      const search = opts.search?.trim();
      const query = search ? `?search=${encodeURIComponent(search)}` : '';
      return followPages<UserSummary>(http, `${ACCOUNT_PATHS.users}${query}`);
    },
  };
}

/** A File keeps its name; a bare Blob gets one from its type so the server sees a file part. */
function fileNameOf(file: Blob): string {
  const name = (file as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '') return name;
  const subtype = file.type.split('/')[1]?.split(/[;+]/)[0];
  return subtype ? `profile.${subtype}` : 'profile';
}
