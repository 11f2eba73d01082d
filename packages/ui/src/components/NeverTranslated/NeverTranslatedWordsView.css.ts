import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
});

export const hint = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const form = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.spacing.sm,
  flexWrap: 'wrap',
});

export const field = style({ flex: '1 1 12rem', minWidth: 0 });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const word = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  maxWidth: '100%',
  paddingInlineStart: vars.spacing.sm,
  border: `1px solid ${vars.colors.border.strong}`,
  // Rounded, not a pill: a wrapped long word keeps a tidy box.
  borderRadius: vars.radii.lg,
  background: vars.colors.surface.card,
});

/** A 64-character word with no spaces still fits a phone's width. */
export const wordText = style({ overflowWrap: 'anywhere', minWidth: 0 });

export const muted = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const error = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.danger,
});
