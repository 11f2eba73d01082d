import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce, formatBadgeCount, formatFileSize, formatMessageTime } from '../src/index';

// Local-time dates, as the chat displays local time.
const now = new Date(2026, 10, 22, 15, 30);

describe('formatMessageTime', () => {
  it("shows today's messages as HH:mm", () => {
    expect(formatMessageTime(new Date(2026, 10, 22, 9, 5), now)).toBe('09:05');
    expect(formatMessageTime(new Date(2026, 10, 22, 0, 0), now)).toBe('00:00');
  });

  it("shows earlier messages of the same year as 'd MMM'", () => {
    expect(formatMessageTime(new Date(2026, 2, 3, 23, 59), now)).toBe('3 Mar');
    expect(formatMessageTime(new Date(2026, 10, 21, 23, 59), now)).toBe('21 Nov');
  });

  it('shows messages of other years as dd/MM/yyyy', () => {
    expect(formatMessageTime(new Date(2025, 11, 24, 10, 0), now)).toBe('24/12/2025');
    expect(formatMessageTime(new Date(2027, 0, 2, 10, 0), now)).toBe('02/01/2027');
  });

  it('accepts ISO strings and epoch milliseconds, and gives an empty string for junk', () => {
    const at = new Date(2026, 10, 22, 8, 7);
    expect(formatMessageTime(at.toISOString(), now)).toBe('08:07');
    expect(formatMessageTime(at.getTime(), now)).toBe('08:07');
    expect(formatMessageTime('not a date', now)).toBe('');
  });
});

describe('formatBadgeCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
    [-3, '0'],
  ])('%d → %s', (count, shown) => {
    expect(formatBadgeCount(count)).toBe(shown);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0.0 KB'],
    [512, '0.5 KB'],
    [1024, '1.0 KB'],
    [12_595, '12.3 KB'],
    [5 * 1024 * 1024, '5120.0 KB'],
  ])('%d bytes → %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once, 300 ms after the last call, with the last arguments', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const search = debounce(fn);

    search('a');
    vi.advanceTimersByTime(200);
    search('an');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('an');
  });

  it('cancel drops the pending call and flush runs it now', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const debounced = debounce(fn, 100);

    debounced(1);
    debounced.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();

    debounced(2);
    debounced.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
