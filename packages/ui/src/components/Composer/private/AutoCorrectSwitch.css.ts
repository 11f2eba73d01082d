import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

export const autoCorrect = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  marginInlineStart: 'auto',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: 'transparent',
  border: 0,
  padding: `${vars.spacing.xxs} 0`,
  cursor: 'pointer',
  '@media': { '(pointer: coarse)': { minHeight: '2.75rem' } },
  selectors: { '&:focus-visible': focusRing },
});

export const switchTrack = style({
  position: 'relative',
  display: 'inline-block',
  width: '2rem',
  height: '1.125rem',
  borderRadius: vars.radii.full,
  background: vars.colors.border.default,
  transition: 'background 120ms',
  selectors: {
    [`${autoCorrect}[aria-checked="true"] &`]: { background: vars.colors.brand.primary },
  },
});

export const switchThumb = style({
  position: 'absolute',
  top: 2,
  insetInlineStart: 2,
  width: '0.875rem',
  height: '0.875rem',
  borderRadius: vars.radii.full,
  background: vars.colors.surface.card,
  transition: 'transform 120ms',
  selectors: {
    [`${autoCorrect}[aria-checked="true"] &`]: { transform: 'translateX(0.875rem)' },
    [`[dir="rtl"] ${autoCorrect}[aria-checked="true"] &`]: { transform: 'translateX(-0.875rem)' },
  },
});
