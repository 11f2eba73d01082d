import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const composer = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.spacing.sm,
  padding: `${vars.spacing.sm} ${vars.spacing.lg}`,
  background: vars.colors.surface.card,
  borderTop: `1px solid ${vars.colors.border.default}`,
});

export const textarea = style({
  flex: 1,
  resize: 'none',
  maxHeight: '10rem',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.md,
  lineHeight: vars.fonts.lineHeight.normal,
  color: vars.colors.text.primary,
  background: vars.colors.surface.raised,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.lg,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fieldSizing: 'content',
  selectors: {
    '&:focus-visible': { ...focusRing, borderColor: vars.colors.border.focus },
    '&::placeholder': { color: vars.colors.text.secondary, opacity: 1 },
  },
} as Parameters<typeof style>[0]);

export const send = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.brand.onPrimary,
  background: vars.colors.brand.primary,
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.colors.brand.primaryHover },
    '&:focus-visible': focusRing,
    '&:disabled': {
      color: vars.colors.text.secondary,
      background: vars.colors.surface.raised,
      border: `1px solid ${vars.colors.border.default}`,
      cursor: 'not-allowed',
    },
  },
});
