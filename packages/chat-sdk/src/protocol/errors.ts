/** Field errors, Django REST framework style: `{"username": ["Username already exists"]}`. */
export type FieldErrors = Record<string, string[]>;

/** Every error body the server sends: a general `{detail}` or field errors. */
export type ErrorBody = { detail: string } | FieldErrors;

/** The detail of the 403 answer to an unsafe call with a missing or stale CSRF token. */
export const CSRF_FAILURE_DETAIL = 'CSRF token missing or incorrect.';
