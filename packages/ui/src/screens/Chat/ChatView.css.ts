import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA } from '../../theme/media';

// Phones (PHONE_MEDIA): one pane at a time (the list, or the open conversation with a back button).

export const screen = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(16rem, 22rem) minmax(0, 1fr)',
  // The visual viewport's height when known (useVisualViewportHeight), so the composer stays above
  // an on-screen keyboard; the dynamic viewport height otherwise.
  // Less the signed-in navigation bars around it (SignedInNav publishes their heights).
  height:
    'calc(var(--parley-viewport-height, 100dvh) - var(--parley-nav-top, 0px) - var(--parley-nav-bottom, 0px))',
  minHeight: 0,
  overflow: 'hidden',
  background: vars.colors.surface.page,
  color: vars.colors.text.primary,
  '@media': {
    [PHONE_MEDIA]: {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'minmax(0, 1fr)',
    },
  },
});

export const side = style({
  minHeight: 0,
  minWidth: 0,
  '@media': {
    [PHONE_MEDIA]: {
      selectors: { [`${screen}[data-pane="conversation"] > &`]: { display: 'none' } },
    },
  },
});

export const main = style({
  minHeight: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  '@media': {
    [PHONE_MEDIA]: { selectors: { [`${screen}[data-pane="list"] > &`]: { display: 'none' } } },
  },
});

export const themeFill = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

// ChatThemeScope's own wrapper must fill the pane too.
globalStyle(`${themeFill} > div`, {
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

export const emptyPane = style({
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.spacing.lg,
});

export const empty = style({
  margin: 0,
  padding: `${vars.spacing.md} ${vars.spacing.xl}`,
  fontSize: vars.fonts.size.lg,
  color: vars.colors.text.secondary,
  background: vars.colors.surface.card,
  borderRadius: vars.radii.lg,
});

export const conversation = style({
  flex: 1,
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** The open conversation while its code loads, or when it could not (lazyConversationBody.tsx). */
export const bodyPending = style([emptyPane, { flexDirection: 'column', gap: vars.spacing.sm }]);

export const bodyRetry = style({
  minHeight: 44,
  padding: `0 ${vars.spacing.md}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.brand.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.colors.border.focus}`, outlineOffset: '2px' },
  },
});
