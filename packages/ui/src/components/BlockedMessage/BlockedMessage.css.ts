import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  padding: `${vars.spacing.xxs} ${vars.spacing.lg}`,
});

/** The received bubble's colours, quieter: a placeholder, not something the person said. */
export const collapsed = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.spacing.sm,
  maxWidth: '100%',
  boxShadow: vars.shadows.bubble,
  opacity: 0.85,
});

export const text = style({
  margin: 0,
  fontStyle: 'italic',
  fontSize: vars.fonts.size.sm,
  overflowWrap: 'anywhere',
});

/** A finger-sized target (44 px) that still reads as a quiet link inside the bubble. */
export const show = style({
  minWidth: '44px',
  minHeight: '44px',
  padding: `0 ${vars.spacing.sm}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.bold,
  color: 'inherit',
  background: 'transparent',
  border: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

/** The revealed bubble takes focus (the Show button is gone) without a ring of its own. */
export const revealed = style({ outline: 'none' });
