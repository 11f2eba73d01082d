import type { FieldErrors } from '@parley/chat-sdk';
import { detailError, fieldError } from './errors.js';
import { parseId } from './queryParams.js';

/** DRF's wording, so clients written against Django back ends read the same messages. */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  notNull: 'This field may not be null.',
  notString: 'Not a valid string.',
  notBoolean: 'Must be a valid boolean.',
  nullCharacter: 'Null characters are not allowed.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  invalidChoice: (value: unknown) => `"${String(value)}" is not a valid choice.`,
} as const;

export type JsonObject = Record<string, unknown>;

/** Request bodies must be JSON objects; anything else is refused before field validation. */
export function objectBody(body: unknown): JsonObject {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw detailError(400, 'Expected a JSON object.');
  }
  return body as JsonObject;
}

/** Length in code points, so an emoji counts once. */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** Collects errors per field so one response can report every bad field at once. */
export class FieldCollector {
  readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    const messages = this.errors[field] ?? [];
    messages.push(message);
    this.errors[field] = messages;
  }

  has(field?: string): boolean {
    return field ? field in this.errors : Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    if (this.has()) throw fieldError(this.errors);
  }

  /**
   * A trimmed string (unless `trim` is false), or undefined after recording why not. A
   * whitespace-only value counts as missing, as in the spec's registration rules.
   */
  string(
    body: JsonObject,
    field: string,
    {
      trim = true,
      allowBlank = false,
      maxLength,
    }: { trim?: boolean; allowBlank?: boolean; maxLength?: number } = {},
  ): string | undefined {
    const raw = body[field];
    if (raw === undefined) return this.fail(field, FIELD_MESSAGES.required);
    if (raw === null) return this.fail(field, FIELD_MESSAGES.notNull);
    if (typeof raw !== 'string') return this.fail(field, FIELD_MESSAGES.notString);
    if (raw.includes('\u0000')) return this.fail(field, FIELD_MESSAGES.nullCharacter);
    const value = trim ? raw.trim() : raw;
    if (!allowBlank && raw.trim() === '') return this.fail(field, FIELD_MESSAGES.required);
    if (maxLength !== undefined && charCount(value) > maxLength) {
      return this.fail(field, FIELD_MESSAGES.maxLength(maxLength));
    }
    return value;
  }

  boolean(body: JsonObject, field: string): boolean | undefined {
    const raw = body[field];
    if (raw === undefined) return this.fail(field, FIELD_MESSAGES.required);
    if (raw === null) return this.fail(field, FIELD_MESSAGES.notNull);
    if (typeof raw !== 'boolean') return this.fail(field, FIELD_MESSAGES.notBoolean);
    return raw;
  }

  choice<T extends string>(body: JsonObject, field: string, choices: readonly T[]): T | undefined {
    const value = this.string(body, field);
    if (value === undefined) return undefined;
    if (!(choices as readonly string[]).includes(value)) {
      return this.fail(field, FIELD_MESSAGES.invalidChoice(value));
    }
    return value as T;
  }

  private fail(field: string, message: string): undefined {
    this.add(field, message);
    return undefined;
  }
}

export const ID_MESSAGES = {
  notInteger: 'A valid integer is required.',
} as const;

/** A required id field of a JSON body, or undefined after recording the field error. */
export function idField(
  fields: FieldCollector,
  body: JsonObject,
  field: string,
): number | undefined {
  const raw = body[field];
  if (raw === undefined) {
    fields.add(field, 'This field is required.');
    return undefined;
  }
  if (raw === null) {
    fields.add(field, 'This field may not be null.');
    return undefined;
  }
  // A user object ({id, …}) names its id, as some clients send.
  const value = parseId(typeof raw === 'object' ? (raw as { id?: unknown }).id : raw);
  if (value === null) {
    fields.add(field, ID_MESSAGES.notInteger);
    return undefined;
  }
  return value;
}
