import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  // The cards' columns follow the room the section has, not the window (see cards).
  containerType: 'inline-size',
});

export const heading = style({ margin: 0, fontSize: vars.fonts.size.lg });

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  // Four plans in a row of four, two rows of two, or one column: never three and one left alone
  // on a second row (an auto-fit grid left 'Lifetime Founder' by itself at 48rem).
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.spacing.md,
  '@container': {
    '(max-width: 26rem)': { gridTemplateColumns: 'minmax(0, 1fr)' },
    '(min-width: 52rem)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  padding: vars.spacing.lg,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.lg,
  background: vars.colors.surface.card,
});

export const name = style({ margin: 0, fontSize: vars.fonts.size.md });

export const price = style({
  margin: 0,
  fontSize: vars.fonts.size.lg,
  fontWeight: vars.fonts.weight.bold,
});

export const detail = style({ margin: 0, color: vars.colors.text.secondary, flexGrow: 1 });

export const seats = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xs });

export const seatInput = style({
  font: 'inherit',
  padding: vars.spacing.sm,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  width: '7rem',
  selectors: { '&:focus-visible': focusRing },
});

export const error = style({
  margin: 0,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

export const current = style({
  margin: 0,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.status.success,
});

/** The note that paid plans cannot be bought on this server (amber: the warning tokens, like the account screens' warning banner). */
export const unavailable = style({
  margin: 0,
  padding: `${vars.spacing.md} ${vars.spacing.lg}`,
  borderRadius: vars.radii.md,
  background: vars.colors.status.warningSubtle,
  color: vars.colors.text.warning,
  border: `1px solid ${vars.colors.border.warning}`,
});
