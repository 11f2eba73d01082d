import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA } from '../../theme/media';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.spacing.md,
  padding: `${vars.spacing.sm} ${vars.spacing.lg}`,
  '@media': {
    [PHONE_MEDIA]: {
      gap: vars.spacing.xs,
      padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
    },
  },
  background: vars.colors.surface.card,
  borderBottom: `1px solid ${vars.colors.border.default}`,
});

export const titles = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });

export const name = style({
  margin: 0,
  fontSize: vars.fonts.size.md,
  fontWeight: vars.fonts.weight.bold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const subtitle = style({ fontSize: vars.fonts.size.xs, color: vars.colors.text.secondary });

export const actions = style({ display: 'flex', gap: vars.spacing.xs });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // 44 px: a comfortable touch target.
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.brand.primary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.brand.subtle },
    '&:focus-visible': focusRing,
  },
});

export const notice = style({
  flexBasis: '100%',
  margin: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.md,
});

/** Only phones show one pane at a time, so only they need the way back to the list. */
export const backButton = style([
  iconButton,
  {
    '@media': { 'screen and (min-width: 40.0625rem)': { display: 'none' } },
    selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
  },
]);
