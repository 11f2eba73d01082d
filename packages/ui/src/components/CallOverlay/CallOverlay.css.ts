import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const overlay = style({
  border: 'none',
  padding: 0,
  margin: 0,
  width: '100vw',
  height: '100vh',
  maxWidth: '100vw',
  maxHeight: '100vh',
  background: vars.colors.surface.inverse,
  color: vars.colors.text.inverse,
  selectors: { '&::backdrop': { background: vars.colors.surface.overlay } },
});

export const stage = style({
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  gap: vars.spacing.md,
  padding: vars.spacing.lg,
  boxSizing: 'border-box',
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.spacing.md });
export const titles = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });
export const name = style({
  margin: 0,
  fontSize: '1.125rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const type = style({ fontSize: '0.875rem', color: vars.colors.text.inverseSecondary });
export const timer = style({ fontVariantNumeric: 'tabular-nums', fontSize: '1rem' });

export const media = style({
  position: 'relative',
  flex: 1,
  minHeight: '8rem',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.colors.surface.inverseSunken,
  borderRadius: vars.radii.lg,
  overflow: 'hidden',
});
export const remoteVideo = style({ width: '100%', height: '100%', objectFit: 'contain' });
export const localVideo = style({
  position: 'absolute',
  insetInlineEnd: vars.spacing.md,
  bottom: vars.spacing.md,
  width: 'min(30%, 12rem)',
  borderRadius: vars.radii.md,
  border: `2px solid ${vars.colors.border.inverse}`,
  background: vars.colors.surface.inverseRaised,
});
export const audioOnly = style({ display: 'flex', alignItems: 'center', justifyContent: 'center' });

export const status = style({ margin: 0, minHeight: '1.25rem', textAlign: 'center' });
export const error = style({ color: vars.colors.text.inverseDanger, fontWeight: 600 });

export const captions = style({
  maxHeight: '9rem',
  overflowY: 'auto',
  background: vars.colors.surface.inverseScrim,
  borderRadius: vars.radii.md,
  padding: vars.spacing.sm,
});
export const captionList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
});
export const caption = style({ lineHeight: 1.4, overflowWrap: 'anywhere' });
export const captionHint = style({ color: vars.colors.text.inverseSecondary, fontStyle: 'italic' });

export const controls = style({
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.spacing.md,
});
