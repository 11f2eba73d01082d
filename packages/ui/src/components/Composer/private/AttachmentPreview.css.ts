import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

export const attachment = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.spacing.sm,
  flexBasis: '100%',
  padding: vars.spacing.sm,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.lg,
});

/** Spec §4: image previews at most 350 px high. */
export const attachmentImage = style({
  display: 'block',
  maxHeight: 350,
  maxWidth: '50%',
  objectFit: 'contain',
  borderRadius: vars.radii.md,
});

export const attachmentInfo = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  flex: 1,
  minWidth: 0,
});

export const attachmentName = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: vars.fonts.weight.medium,
});

export const attachmentSize = style({
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.sm,
});

export const attachmentError = style({
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

export const progress = style({
  width: '100%',
  height: '0.5rem',
  accentColor: vars.colors.brand.primary,
});

export const linkButton = style({
  padding: 0,
  color: 'inherit',
  background: 'none',
  border: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
