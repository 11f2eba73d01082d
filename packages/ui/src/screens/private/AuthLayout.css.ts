import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const page = style({
  minHeight: '100vh',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.spacing.lg,
  background: vars.colors.surface.page,
});

export const card = style({
  width: '100%',
  maxWidth: '26rem',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.lg,
  padding: vars.spacing.xxl,
  background: vars.colors.surface.card,
  borderRadius: vars.radii.xl,
  boxShadow: vars.shadows.md,
});

export const header = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.spacing.sm,
  textAlign: 'center',
});

export const heading = style({
  margin: 0,
  fontSize: vars.fonts.size.xl,
  lineHeight: vars.fonts.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const subtitle = style({ margin: 0, color: vars.colors.text.secondary });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.lg });

export const formError = style({
  margin: 0,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  borderRadius: vars.radii.md,
  background: vars.colors.status.dangerSubtle,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

export const footer = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const link = style({
  color: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.medium,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  selectors: { '&:focus-visible': focusRing },
});

export const inlineEnd = style({ display: 'flex', justifyContent: 'flex-end' });

/** A link-looking button for actions that are not available (aria-disabled keeps it focusable). */
export const disabledLink = style({
  padding: 0,
  border: 'none',
  background: 'none',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'not-allowed',
  selectors: { '&:focus-visible': focusRing },
});
