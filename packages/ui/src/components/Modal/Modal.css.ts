import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA } from '../../theme/media';

export const dialog = style({
  border: 'none',
  borderRadius: vars.radii.lg,
  padding: 0,
  width: 'min(28rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 2rem)',
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  boxShadow: vars.shadows.lg,
  selectors: {
    '&::backdrop': { background: vars.colors.surface.overlay },
  },
  '@media': {
    // Phones: a full-height sheet rather than a small box over a cramped page.
    [PHONE_MEDIA]: {
      width: '100%',
      maxWidth: '100%',
      height: '100dvh',
      maxHeight: '100dvh',
      margin: 0,
      borderRadius: 0,
      boxSizing: 'border-box',
    },
  },
});

export const inner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.lg,
  padding: vars.spacing.xl,
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.spacing.lg,
});

export const title = style({
  margin: 0,
  fontSize: vars.fonts.size.lg,
  lineHeight: vars.fonts.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const description = style({ margin: 0, color: vars.colors.text.secondary });

export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  gap: vars.spacing.sm,
});
