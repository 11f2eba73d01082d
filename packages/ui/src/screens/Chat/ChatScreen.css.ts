import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const screen = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(16rem, 22rem) minmax(0, 1fr)',
  height: '100dvh',
  minHeight: 0,
  background: vars.colors.surface.page,
  color: vars.colors.text.primary,
  '@media': {
    // Narrow screens: the list above the conversation, each scrolling on its own.
    'screen and (max-width: 40rem)': {
      gridTemplateColumns: 'minmax(0, 1fr)',
      gridTemplateRows: 'minmax(0, 2fr) minmax(0, 3fr)',
    },
  },
});

export const side = style({ minHeight: 0, minWidth: 0 });

export const main = style({ minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' });

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
