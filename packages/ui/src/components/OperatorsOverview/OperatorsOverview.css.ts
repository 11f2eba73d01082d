import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** The operators' counts (issue 29): one figure per tile, its label below. */
export const counts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: vars.spacing.md,
});

export const count = style({
  display: 'flex',
  // The figure first on screen (the term first for screen readers); packed at the top, so the
  // figures line up when a label wraps.
  flexDirection: 'column-reverse',
  justifyContent: 'flex-end',
  gap: vars.spacing.xs,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  background: vars.colors.surface.raised,
});

export const figure = style({
  margin: 0,
  fontSize: vars.fonts.size.xl,
  fontWeight: vars.fonts.weight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const label = style({ color: vars.colors.text.secondary });
