import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const banner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  margin: 0,
  padding: `${vars.spacing.md} ${vars.spacing.lg}`,
  background: vars.colors.surface.card,
  borderTop: `1px solid ${vars.colors.border.default}`,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

export const title = style({
  margin: 0,
  fontSize: vars.fonts.size.md,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.text.primary,
});

export const hint = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.spacing.sm,
});

export const note = style({
  margin: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.lg}`,
  fontSize: vars.fonts.size.sm,
  textAlign: 'center',
  color: vars.colors.status.info,
  background: vars.colors.brand.subtle,
  overflowWrap: 'anywhere',
});
