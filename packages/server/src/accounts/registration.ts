import { findLanguage, GENDERS, type RegisterPayload } from '@parley/chat-sdk';
import { charCount, FieldCollector, type JsonObject } from '../http/bodyFields.js';
import { SERVER_MESSAGE_SOURCE } from '../i18n/serverMessageSource.js';

const { invalidUsername, invalidEmail, invalidPhone, unknownLanguage } =
  SERVER_MESSAGE_SOURCE.accounts;
/** English from the server catalog (issue 27), which translates it. */
export const REGISTRATION_MESSAGES = {
  invalidUsername,
  invalidEmail,
  invalidPhone,
  unknownLanguage,
} as const;

const USERNAME_MAX = 150;
const EMAIL_MAX = 254;
const PHONE_MAX = 32;
const PASSWORD_MAX = 128;

// Letters and digits of any script (with their combining marks) plus @ . + - _, like Django.
const USERNAME_PATTERN = /^[\p{L}\p{M}\p{N}@.+\-_]+$/u;
// A pragmatic address check: one @, no spaces or quotes, a dotted domain with a 2+ letter TLD.
const EMAIL_PATTERN =
  /^[^\s@"<>()[\]\\,;:]{1,64}@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;
const PHONE_PATTERN = /^[0-9 +\-()]+$/;

/** A valid registration: exactly the spec's payload. */
export type Registration = RegisterPayload;

/**
 * Validates every field at once. `value` is set only when all fields are valid; `partial` holds
 * the fields that passed, so uniqueness can be checked alongside other fields' errors.
 */
export function readRegistration(body: JsonObject): {
  value?: Registration;
  partial: Partial<Registration>;
  errors: FieldCollector;
} {
  const errors = new FieldCollector();

  let username = errors.string(body, 'username');
  if (username !== undefined) {
    // NFKC folds look-alike compatibility forms, as Django does for usernames.
    username = username.normalize('NFKC');
    if (charCount(username) > USERNAME_MAX) {
      errors.add('username', `Ensure this field has no more than ${USERNAME_MAX} characters.`);
    } else if (!USERNAME_PATTERN.test(username)) {
      errors.add('username', REGISTRATION_MESSAGES.invalidUsername);
    }
  }

  const email = errors.string(body, 'email');
  if (email !== undefined) {
    if (charCount(email) > EMAIL_MAX) {
      errors.add('email', `Ensure this field has no more than ${EMAIL_MAX} characters.`);
    } else if (!EMAIL_PATTERN.test(email)) {
      errors.add('email', REGISTRATION_MESSAGES.invalidEmail);
    }
  }

  const phone = errors.string(body, 'phone');
  if (phone !== undefined) {
    if (charCount(phone) > PHONE_MAX) {
      errors.add('phone', `Ensure this field has no more than ${PHONE_MAX} characters.`);
    } else if (!PHONE_PATTERN.test(phone) || (phone.match(/[0-9]/g)?.length ?? 0) < 5) {
      errors.add('phone', REGISTRATION_MESSAGES.invalidPhone);
    }
  }

  // Passwords are kept exactly as typed; only an all-blank one counts as missing.
  const password = errors.string(body, 'password', { trim: false, maxLength: PASSWORD_MAX });

  const languageName = errors.string(body, 'language');
  const language = languageName === undefined ? undefined : findLanguage(languageName);
  if (languageName !== undefined && !language) {
    errors.add('language', REGISTRATION_MESSAGES.unknownLanguage);
  }

  const gender = errors.choice(body, 'gender', GENDERS);

  const partial: Partial<Registration> = {
    username: errors.has('username') ? undefined : username,
    email: errors.has('email') ? undefined : email,
    phone: errors.has('phone') ? undefined : phone,
    password,
    language: language?.name,
    gender,
  };
  if (
    errors.has() ||
    username === undefined ||
    email === undefined ||
    phone === undefined ||
    password === undefined ||
    language === undefined ||
    gender === undefined
  ) {
    return { partial, errors };
  }
  return {
    value: { username, email, phone, password, language: language.name, gender },
    partial,
    errors,
  };
}
