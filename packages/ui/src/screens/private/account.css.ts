import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

/** Layout shared by the account screens (settings, dashboard, billing, members, legal). */
export const page = style({
  minHeight: '100vh',
  boxSizing: 'border-box',
  background: vars.colors.surface.page,
  color: vars.colors.text.primary,
  padding: `${vars.spacing.xl} ${vars.spacing.lg}`,
});

export const column = style({
  maxWidth: '48rem',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.lg,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.md,
  flexWrap: 'wrap',
});

export const title = style({ margin: 0, fontSize: vars.fonts.size.xl });

export const card = style({
  background: vars.colors.surface.card,
  borderRadius: vars.radii.lg,
  padding: vars.spacing.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  boxShadow: vars.shadows.card,
});

export const cardTitle = style({ margin: 0, fontSize: vars.fonts.size.lg });

export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.md,
  flexWrap: 'wrap',
});

export const spread = style([row, { justifyContent: 'space-between' }]);

/** Text in a row that may shrink and wrap anywhere (a long email address on a phone). */
export const shrink = style({ flex: '1 1 0%', minWidth: 0, overflowWrap: 'anywhere' });

export const muted = style({ margin: 0, color: vars.colors.text.secondary });

export const text = style({ margin: 0, lineHeight: vars.fonts.lineHeight.normal });

export const error = style({ margin: 0, color: vars.colors.text.danger });

export const link = style({
  color: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.medium,
  selectors: { '&:focus-visible': focusRing },
});

export const buttonLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.spacing.sm} ${vars.spacing.lg}`,
  borderRadius: vars.radii.md,
  background: vars.colors.brand.primary,
  color: vars.colors.brand.onPrimary,
  fontWeight: vars.fonts.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.colors.brand.primaryHover },
    '&:focus-visible': focusRing,
  },
});

export const banner = style({
  margin: 0,
  padding: `${vars.spacing.md} ${vars.spacing.lg}`,
  borderRadius: vars.radii.md,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.md,
});

export const successBanner = style([
  banner,
  {
    background: vars.colors.status.successSubtle,
    color: vars.colors.text.success,
    border: `1px solid ${vars.colors.border.success}`,
  },
]);

/** A notice that needs the reader's attention (test mode, nothing bought): amber, the warning tokens. */
export const warningBanner = style([
  banner,
  {
    background: vars.colors.status.warningSubtle,
    color: vars.colors.text.warning,
    border: `1px solid ${vars.colors.border.warning}`,
  },
]);

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
});

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
  gap: vars.spacing.md,
});

export const tile = style({
  display: 'block',
  padding: vars.spacing.lg,
  borderRadius: vars.radii.md,
  background: vars.colors.brand.subtle,
  color: vars.colors.text.primary,
  fontWeight: vars.fonts.weight.bold,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.colors.brand.subtleHover },
    '&:focus-visible': focusRing,
  },
});

export const prose = style({
  lineHeight: vars.fonts.lineHeight.normal,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
});

export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.md,
  cursor: 'pointer',
});

export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  accentColor: vars.colors.brand.primary,
  selectors: { '&:focus-visible': focusRing },
});

export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fonts.weight.bold,
  selectors: { '&:focus-visible': focusRing },
});
