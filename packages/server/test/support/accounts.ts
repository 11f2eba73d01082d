import type { RegisterPayload, RegisterResponse } from '@parley/chat-sdk';
import { expect } from 'vitest';
import type { HttpClient } from './httpClient.js';

let counter = 0;

/** A valid registration with unique username and e-mail unless overridden. */
export function registration(overrides: Partial<RegisterPayload> = {}): RegisterPayload {
  counter += 1;
  const id = `${process.pid}${counter}`;
  return {
    username: `user${id}`,
    email: `user${id}@example.com`,
    phone: '+34 600 000 000',
    password: 'correct horse battery staple',
    language: 'Spanish',
    gender: 'FEMALE',
    ...overrides,
  };
}

/** Registers through the real endpoints (CSRF first) and returns the answer. */
export async function registerUser(
  client: HttpClient,
  overrides: Partial<RegisterPayload> = {},
): Promise<RegisterResponse & { payload: RegisterPayload }> {
  const payload = registration(overrides);
  await client.csrf();
  const response = await client.post<RegisterResponse>('/accounts/register/', payload, {
    csrf: true,
  });
  expect(response.status, response.text).toBe(201);
  return { ...response.body, payload };
}
