import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
  color: vars.colors.text.primary,
});

export const control = style({
  width: '100%',
  boxSizing: 'border-box',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.md,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  minHeight: '2.75rem',
  selectors: {
    '&:focus-visible': { ...focusRing, borderColor: vars.colors.border.focus },
    '&[aria-invalid="true"]': { borderColor: vars.colors.border.danger },
    '&::placeholder': { color: vars.colors.text.secondary, opacity: 1 },
    '&:disabled': { background: vars.colors.surface.raised, cursor: 'not-allowed' },
  },
});

export const error = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.danger,
});
