import { describe, expect, it } from 'vitest';
import * as calls from '../src/calls';
import * as chat from '../src/chat';
import * as root from '../src/index';
import * as media from '../src/media';
import * as protocol from '../src/protocol';
import * as auth from '../src/session';

// The subpath entries (`@parley/chat-sdk/auth`, …) are cuts of the root export: the same names
// and the same objects, so code may mix both paths (an `instanceof SignInError` still holds).
describe('the subpath entries', () => {
  it.each([
    ['auth', auth],
    ['chat', chat],
    ['calls', calls],
    ['media', media],
    ['protocol', protocol],
  ])('%s exports only what the root exports, as the same objects', (_name, entry) => {
    const rootExports = new Map(Object.entries(root));
    const entryExports = Object.entries(entry);
    expect(entryExports.length).toBeGreaterThan(0);
    for (const [name, value] of entryExports) expect(rootExports.get(name), name).toBe(value);
  });

  it('auth carries the sign-in pages’ needs without the client', () => {
    expect(auth.SignInError).toBe(root.SignInError);
    expect(typeof auth.takePendingPlan).toBe('function');
    expect(typeof auth.createSessionClient).toBe('function');
    expect('createParleyClient' in auth).toBe(false);
  });
});
