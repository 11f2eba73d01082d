import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.md,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  flex: 1,
  minWidth: 0,
  gap: vars.spacing.xxs,
});

export const username = style({
  fontWeight: vars.fonts.weight.bold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const detail = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const actions = style({ display: 'flex', gap: vars.spacing.xs, flexShrink: 0 });
