import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

export const suggestions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.spacing.xs,
});

export const suggestionsLabel = style({ color: vars.colors.text.secondary });

export const flaggedList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const flaggedItem = style({ position: 'relative' });

export const flaggedWord = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: vars.colors.surface.raised,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  padding: `0 ${vars.spacing.sm}`,
  minHeight: '1.75rem',
  textDecorationLine: 'underline',
  textDecorationStyle: 'wavy',
  textDecorationColor: vars.colors.text.danger,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const menu = style({
  position: 'absolute',
  insetInlineStart: 0,
  bottom: 'calc(100% + 4px)',
  zIndex: 2,
  minWidth: '9rem',
  margin: 0,
  padding: vars.spacing.xxs,
  listStyle: 'none',
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.lg,
});

export const menuItem = style({
  display: 'block',
  width: '100%',
  textAlign: 'start',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.sm,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus': { background: vars.colors.brand.subtle, outline: 'none' },
    '&:focus-visible': focusRing,
  },
});

export const menuIgnore = style({ color: vars.colors.text.secondary });

export const menuEmpty = style({
  display: 'block',
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  color: vars.colors.text.secondary,
});
