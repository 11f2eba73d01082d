import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const tablist = style({
  display: 'flex',
  gap: vars.spacing.xs,
  padding: vars.spacing.xs,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.lg,
});

export const tab = style({
  flex: 1,
  minHeight: '2.75rem',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
  color: vars.colors.text.secondary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.md,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': focusRing,
    '&[aria-selected="true"]': {
      background: vars.colors.surface.card,
      color: vars.colors.brand.primary,
      boxShadow: vars.shadows.selected,
    },
  },
});

/** Four tabs (Requests shown): narrower padding so 'Requests' and its count fit a phone. */
export const compactTab = style([
  tab,
  {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.spacing.xs,
    paddingInline: vars.spacing.xs,
  },
]);
