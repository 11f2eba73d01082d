import { SDK_MESSAGES } from './messages';
import type { FieldErrors } from './protocol/errors';

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed JSON body, the raw text when it is not JSON, or null when empty. */
  readonly body: unknown;
  /** `detail` of a general error body. */
  readonly detail?: string;
  /** Field errors of a 400 body (`{"field": ["…"]}`). */
  readonly fieldErrors?: FieldErrors;

  constructor(status: number, body: unknown) {
    const detail = readDetail(body);
    super(detail ?? `Request failed with status ${status}`);
    this.status = status;
    this.body = body;
    if (detail !== undefined) this.detail = detail;
    const fieldErrors = readFieldErrors(body);
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

/** fetch rejected: offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

/** Sign-in failed for any reason; the message is always the spec's one (spec §8). */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(cause: unknown) {
    super(SDK_MESSAGES.invalidCredentials, { cause });
  }
}

/**
 * Registration failed. `fields` holds the spec's messages for a body naming `username` or `email`;
 * it is empty for any other failure, which the ui does not show (spec §8).
 */
export class RegistrationError extends Error {
  override readonly name = 'RegistrationError';
  readonly fields: Partial<Record<'username' | 'email', string>>;
  override readonly cause: unknown;

  constructor(cause: unknown) {
    const fields: Partial<Record<'username' | 'email', string>> = {};
    const body = cause instanceof ApiError ? cause.body : undefined;
    if (isRecord(body)) {
      if ('username' in body) fields.username = SDK_MESSAGES.usernameTaken;
      if ('email' in body) fields.email = SDK_MESSAGES.emailTaken;
    }
    super(fields.username ?? fields.email ?? 'Registration failed');
    this.fields = fields;
    this.cause = cause;
  }
}

/** Fields of the account controls (change password, delete account) a failure can name. */
export type AccountControlField = 'current_password' | 'new_password' | 'password';

/**
 * Change password or delete account failed. `fields` holds the server's message per field (e.g.
 * a wrong current password); `message` is the server's `detail`, or a generic sentence when the
 * server said nothing usable (offline, 5xx). `status` is 0 when no answer came.
 */
export class AccountControlError extends Error {
  override readonly name = 'AccountControlError';
  readonly fields: Partial<Record<AccountControlField, string>>;
  readonly status: number;
  override readonly cause: unknown;

  constructor(cause: unknown, fallback: string) {
    const fields: Partial<Record<AccountControlField, string>> = {};
    let detail: string | undefined;
    let status = 0;
    if (cause instanceof ApiError) {
      status = cause.status;
      detail = cause.status < 500 ? cause.detail : undefined;
      for (const field of ['current_password', 'new_password', 'password'] as const) {
        const first = cause.fieldErrors?.[field]?.[0];
        if (first) fields[field] = first;
      }
    }
    super(detail ?? Object.values(fields)[0] ?? fallback);
    this.fields = fields;
    this.status = status;
    this.cause = cause;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readDetail(body: unknown): string | undefined {
  return isRecord(body) && typeof body.detail === 'string' ? body.detail : undefined;
}

function readFieldErrors(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || 'detail' in body) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(body)) {
    if (Array.isArray(messages)) out[field] = messages.map(String);
    else if (typeof messages === 'string') out[field] = [messages];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
