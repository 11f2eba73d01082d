import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';
import { PHONE_MEDIA, TOUCH_TARGET } from '../../../theme/media';

export const root = style({ position: 'relative' });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  minHeight: TOUCH_TARGET,
  padding: `${vars.spacing.xxs} ${vars.spacing.sm}`,
  font: 'inherit',
  color: vars.colors.text.primary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.surface.raised },
    '&:focus-visible': focusRing,
  },
});

export const buttonAvatar = style({ display: 'inline-flex' });

export const buttonName = style({
  fontWeight: vars.fonts.weight.medium,
  maxWidth: '10rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [PHONE_MEDIA]: { display: 'none' } },
});

export const panel = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: 'calc(100% + 0.25rem)',
  zIndex: 20,
  width: '16rem',
  maxWidth: 'calc(100vw - 1rem)',
  padding: vars.spacing.sm,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.lg,
});

export const who = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  padding: vars.spacing.sm,
});

export const names = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const fullName = style({
  fontWeight: vars.fonts.weight.bold,
  overflowWrap: 'anywhere',
});

export const handle = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  overflowWrap: 'anywhere',
});

export const list = style({ listStyle: 'none', margin: 0, padding: 0 });

export const separated = style({
  marginTop: vars.spacing.xs,
  paddingTop: vars.spacing.xs,
  borderTop: `1px solid ${vars.colors.border.default}`,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: TOUCH_TARGET,
  padding: `0 ${vars.spacing.sm}`,
  font: 'inherit',
  textAlign: 'start',
  color: vars.colors.text.primary,
  textDecoration: 'none',
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.surface.raised },
    '&:focus-visible': focusRing,
  },
});
