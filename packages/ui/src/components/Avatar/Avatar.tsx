import { useState } from 'react';
import { avatarPalette } from '../../theme/tokens/colors';
import { avatar, paletteColor } from './Avatar.css';

export const AVATAR_SIZES = ['sm', 'md', 'lg', 'xl'] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

export interface AvatarProps {
  /** The person's display name: the accessible name and the source of the initial. */
  name: string;
  /** Stable key for the fallback colour (user id); the name is used when absent. */
  colorKey?: string | number | null;
  src?: string | null;
  size?: AvatarSize;
}

/**
 * Index into the palette of 5 for a key. The spec's original picked a random colour; we derive it
 * from the user id (or name) so the same person keeps the same colour across renders and screens.
 */
export function avatarColorIndex(key: string | number): number {
  const text = String(key);
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    hash = (hash * 31 + text.charCodeAt(i)) | 0;
  }
  return Math.abs(hash) % avatarPalette.length;
}

export function avatarInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}

/** A round picture, or the name's initial on one of 5 colours when there is no (loadable) image. */
export function Avatar({ name, colorKey, src, size = 'md' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img className={avatar({ size })} src={src} alt={name} onError={() => setFailedSrc(src)} />
    );
  }
  const index = avatarColorIndex(colorKey ?? name);
  return (
    <span
      role="img"
      aria-label={name}
      className={`${avatar({ size })} ${paletteColor[`${index}`]}`}
    >
      <span aria-hidden="true">{avatarInitial(name)}</span>
    </span>
  );
}
