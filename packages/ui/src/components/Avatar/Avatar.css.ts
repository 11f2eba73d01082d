import { styleVariants } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';
import { avatarPalette } from '../../theme/tokens/colors';

export const avatar = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    borderRadius: vars.radii.full,
    overflow: 'hidden',
    fontWeight: vars.fonts.weight.bold,
    color: vars.colors.text.inverse,
    objectFit: 'cover',
    userSelect: 'none',
  },
  variants: {
    size: {
      sm: { width: '2rem', height: '2rem', fontSize: vars.fonts.size.sm },
      md: { width: '2.5rem', height: '2.5rem', fontSize: vars.fonts.size.md },
      lg: { width: '4rem', height: '4rem', fontSize: vars.fonts.size.xl },
      xl: { width: '6rem', height: '6rem', fontSize: '2.5rem' },
    },
  },
  defaultVariants: { size: 'md' },
});

/** One class per palette colour, index-aligned with `avatarPalette`. */
export const paletteColor = styleVariants(
  Object.fromEntries(avatarPalette.map((c, i) => [i, { background: c }])) as Record<
    `${number}`,
    { background: string }
  >,
);
