import { colors } from './colors';
import { fonts } from './fonts';
import { radii } from './radii';
import { shadows } from './shadows';
import { spacing } from './spacing';

/** The base theme's values; the theme contract is derived from this shape. */
export const tokens = { colors, spacing, radii, fonts, shadows } as const;
export type Tokens = typeof tokens;
