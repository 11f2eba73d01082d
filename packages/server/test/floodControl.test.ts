import { describe, expect, it } from 'vitest';
import { FloodControl } from '../src/chat/floodControl.js';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('FloodControl (20 frames/s sustained, bursts of 40)', () => {
  it('never limits a client sending 20 frames a second', () => {
    const time = clock();
    const flood = new FloodControl({ now: time.now });
    for (let i = 0; i < 20 * 60; i += 1) {
      expect(flood.take()).toBe('allow');
      time.advance(50);
    }
  });

  it('allows a burst of 40, then limits, then recovers as tokens refill', () => {
    const time = clock();
    const flood = new FloodControl({ now: time.now });
    for (let i = 0; i < 40; i += 1) expect(flood.take()).toBe('allow');
    expect(flood.take()).toBe('limit');
    time.advance(100);
    expect(flood.take()).toBe('allow');
    expect(flood.take()).toBe('allow');
    expect(flood.take()).toBe('limit');
  });

  it('closes a socket still flooding 10 s after the flood began, not one that paused', () => {
    const time = clock();
    const flood = new FloodControl({ now: time.now });
    const verdicts: string[] = [];
    // 100 frames a second: one in five gets through, the rest are refused.
    for (let ms = 0; ms <= 11_000; ms += 10) {
      verdicts.push(flood.take());
      time.advance(10);
    }
    const firstLimit = verdicts.indexOf('limit');
    const firstClose = verdicts.indexOf('close');
    expect(firstLimit).toBeGreaterThan(0);
    expect((firstClose - firstLimit) * 10).toBe(10_000);

    const paused = new FloodControl({ now: time.now });
    for (let i = 0; i < 41; i += 1) paused.take();
    time.advance(5_000);
    for (let i = 0; i < 41; i += 1) paused.take();
    time.advance(5_500);
    expect(paused.take()).not.toBe('close');
  });
});
