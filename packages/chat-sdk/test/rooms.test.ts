import { describe, expect, it } from 'vitest';
import {
  canonicalRoomName,
  groupRoomName,
  parseRoomName,
  privateRoomName,
  profileRoomName,
} from '../src/index';

describe('room names', () => {
  it('names a private room from the sidebar as private-{min}-{max}', () => {
    expect(privateRoomName(12, 3)).toBe('private-3-12');
    expect(privateRoomName(3, 12)).toBe('private-3-12');
  });

  it('names a private room from a profile as private_{min}_{max}', () => {
    expect(profileRoomName(12, 3)).toBe('private_3_12');
    expect(profileRoomName(3, 12)).toBe('private_3_12');
  });

  it('names a group room by its lowercased name with spaces as hyphens', () => {
    expect(groupRoomName('Weekend Hikers')).toBe('weekend-hikers');
    expect(groupRoomName('  Team   Español ')).toBe('team-español');
  });

  it('parses both private forms alike', () => {
    const expected = { kind: 'private', userIds: [3, 12] };
    expect(parseRoomName('private-3-12')).toEqual(expected);
    expect(parseRoomName('private_3_12')).toEqual(expected);
    expect(parseRoomName('private_12_3')).toEqual(expected);
  });

  it('parses group slugs and rejects malformed names', () => {
    expect(parseRoomName('weekend-hikers')).toEqual({ kind: 'group', slug: 'weekend-hikers' });
    expect(parseRoomName('')).toBeNull();
    expect(parseRoomName('Weekend Hikers')).toBeNull();
  });

  it('names a room canonically: private rooms in the sidebar form, groups as they are', () => {
    expect(canonicalRoomName('private_12_3')).toBe('private-3-12');
    expect(canonicalRoomName('private-3-12')).toBe('private-3-12');
    expect(canonicalRoomName('weekend-hikers')).toBe('weekend-hikers');
  });
});
