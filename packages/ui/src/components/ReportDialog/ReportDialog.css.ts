import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const label = style({
  display: 'block',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
});

export const textarea = style({
  width: '100%',
  minHeight: '5rem',
  boxSizing: 'border-box',
  marginTop: vars.spacing.xs,
  padding: vars.spacing.sm,
  font: 'inherit',
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.colors.border.default}`,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
});

export const error = style({
  margin: 0,
  marginTop: vars.spacing.xs,
  color: vars.colors.text.danger,
});

/** What is reported, quoted above the reason (scrolls when long). */
export const quote = style({
  margin: 0,
  marginBottom: vars.spacing.sm,
  paddingInlineStart: vars.spacing.sm,
  borderInlineStart: `3px solid ${vars.colors.border.default}`,
  color: vars.colors.text.secondary,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '6rem',
  overflowY: 'auto',
});

export const sentText = style({
  margin: 0,
});
