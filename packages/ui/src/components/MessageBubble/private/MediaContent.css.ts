import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

export const imageButton = style({
  display: 'block',
  padding: 0,
  background: 'none',
  border: 0,
  borderRadius: vars.radii.md,
  cursor: 'zoom-in',
  selectors: { '&:focus-visible': focusRing },
});

/** Image messages at most 350 px high in the list. */
export const image = style({
  display: 'block',
  maxWidth: 'min(100%, 320px)',
  maxHeight: 350,
  objectFit: 'cover',
  borderRadius: vars.radii.md,
});

export const video = style({
  display: 'block',
  maxWidth: 'min(100%, 360px)',
  maxHeight: 350,
  borderRadius: vars.radii.md,
});

export const fileLink = style({
  display: 'flex',
  flexDirection: 'column',
  color: 'inherit',
  textDecoration: 'underline',
  selectors: { '&:focus-visible': focusRing },
});

export const fileName = style({ fontWeight: vars.fonts.weight.medium, overflowWrap: 'anywhere' });

export const fileSize = style({ fontSize: vars.fonts.size.xs, opacity: 0.8 });

export const voice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
  minWidth: 'min(240px, 70vw)',
});

export const audio = style({ width: '100%', maxWidth: 320, height: '2.25rem' });

export const transcript = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const note = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });

export const details = style({ fontSize: vars.fonts.size.xs });
