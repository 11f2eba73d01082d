import { describe, expect, it } from 'vitest';
import { socketFeatures } from '../src/chat/socketFeatures.js';

// The socket URL's `features` list (docs/socket-protocol.md "Connecting"): what a client asks for.
describe('socketFeatures', () => {
  it('reads the known names of a comma-separated list, ignoring unknown ones and spaces', () => {
    expect([...socketFeatures({ features: 'grouped_receipts' })]).toEqual(['grouped_receipts']);
    expect([...socketFeatures({ features: 'later, grouped_receipts ,grouped_receipts' })]).toEqual([
      'grouped_receipts',
    ]);
  });

  it('asks for nothing when the parameter is missing, repeated, not text or too long', () => {
    expect(socketFeatures({}).size).toBe(0);
    expect(socketFeatures(undefined).size).toBe(0);
    expect(socketFeatures({ features: ['grouped_receipts', 'x'] }).size).toBe(0);
    expect(socketFeatures({ features: `${'x,'.repeat(100)}grouped_receipts` }).size).toBe(0);
  });
});
