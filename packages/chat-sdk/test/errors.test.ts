import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, RegistrationError } from '../src/index';

describe('errors are values', () => {
  it('ApiError reads detail and field errors from the body', () => {
    const general = new ApiError(429, { detail: 'Slow down' });
    expect(general).toMatchObject({ status: 429, detail: 'Slow down', message: 'Slow down' });
    expect(general.fieldErrors).toBeUndefined();

    const fields = new ApiError(400, { email: ['Email already exists'] });
    expect(fields.fieldErrors).toEqual({ email: ['Email already exists'] });
    expect(fields.message).toBe('Request failed with status 400');
  });

  it('RegistrationError keeps the cause and maps only username and email', () => {
    const cause = new ApiError(400, { email: ['taken'], phone: ['bad'] });
    const error = new RegistrationError(cause);
    expect(error.fields).toEqual({ email: 'Email already exists' });
    expect(error.cause).toBe(cause);
    expect(new RegistrationError(new NetworkError(new Error('offline'))).fields).toEqual({});
  });
});
