import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const hint = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

/** The signed-out pages' switcher: as wide as its longest name, small text, a globe before it. */
export const compact = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  maxWidth: '100%',
  color: vars.colors.text.secondary,
});

export const compactControl = style({
  width: 'auto',
  maxWidth: '100%',
  minHeight: '2.75rem',
  fontSize: vars.fonts.size.sm,
  paddingBlock: vars.spacing.xs,
  paddingInline: vars.spacing.sm,
});

export const globe = style({ flexShrink: 0 });
