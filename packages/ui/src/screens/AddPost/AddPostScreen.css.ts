import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  padding: vars.spacing.lg,
  borderRadius: vars.radii.lg,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xs });
export const label = style({ fontSize: vars.fonts.size.sm, fontWeight: vars.fonts.weight.medium });
export const hint = style({
  color: vars.colors.text.secondary,
  fontWeight: vars.fonts.weight.regular,
});
export const file = style({ fontSize: vars.fonts.size.sm });

export const textarea = style({
  minHeight: '6rem',
  padding: vars.spacing.sm,
  font: 'inherit',
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.colors.border.default}`,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  resize: 'vertical',
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 1 },
});

export const fieldset = style({
  margin: 0,
  padding: vars.spacing.sm,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
});

export const options = style({ display: 'flex', flexWrap: 'wrap', gap: vars.spacing.md });
export const option = style({ display: 'inline-flex', alignItems: 'center', gap: vars.spacing.xs });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.spacing.sm });
