import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A page that says one thing, centred: the 404 and the placeholder of a screen not built yet. */
export const page = style({
  minHeight: '100vh',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.spacing.lg,
  padding: vars.spacing.xl,
  textAlign: 'center',
  background: vars.colors.surface.page,
});

export const title = style({ margin: 0, fontSize: vars.fonts.size.xl });

export const text = style({ margin: 0, maxWidth: '32rem', color: vars.colors.text.secondary });
