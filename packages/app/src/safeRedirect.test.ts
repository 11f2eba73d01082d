import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('safeRedirect', () => {
  it('follows a same-origin path with its query and hash', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('/user/ana?tab=posts#top')).toBe('/user/ana?tab=posts#top');
  });

  it('falls back to / for anything that could leave the origin', () => {
    for (const hostile of [
      'https://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'settings',
      '',
      '/ok\u0000',
      '/\nnext',
    ]) {
      expect(safeRedirect(hostile)).toBe('/');
    }
  });

  it('ignores non-strings and never bounces back to the sign-in screens', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(42)).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect('/register')).toBe('/');
    expect(safeRedirect('/x'.repeat(2000))).toBe('/');
  });
});
