import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA, TOUCH_TARGET } from '../../theme/media';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  minWidth: 0,
});

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  width: '100%',
  minHeight: '2.5rem',
  '@media': { [PHONE_MEDIA]: { minHeight: TOUCH_TARGET } },
  boxSizing: 'border-box',
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.md,
  textAlign: 'start',
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { ...focusRing, borderColor: vars.colors.border.focus },
    '&[data-invalid="true"]': { borderColor: vars.colors.border.danger },
    '&:disabled': { background: vars.colors.surface.raised, cursor: 'not-allowed' },
  },
});

export const triggerText = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const chevron = style({
  flexShrink: 0,
  width: '1rem',
  height: '1rem',
  color: vars.colors.text.secondary,
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const popup = style({
  position: 'absolute',
  insetInlineStart: 0,
  insetBlockStart: 'calc(100% + 0.25rem)',
  zIndex: 20,
  width: '100%',
  minWidth: '14rem',
  boxSizing: 'border-box',
  padding: vars.spacing.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.md,
});

export const search = style({
  width: '100%',
  boxSizing: 'border-box',
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.sm,
  selectors: {
    '&:focus-visible': { ...focusRing, outlineOffset: 0 },
    '&::placeholder': { color: vars.colors.text.secondary, opacity: 1 },
  },
});

/** The spec's list height: a maximum of 16 rem, then it scrolls. */
export const list = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  fontSize: vars.fonts.size.sm,
  selectors: {
    '&[data-active="true"]': {
      background: vars.colors.brand.subtle,
      outline: `2px solid ${vars.colors.border.focus}`,
      outlineOffset: '-2px',
    },
    '&[aria-selected="true"]': { fontWeight: vars.fonts.weight.bold },
  },
});

export const empty = style({
  margin: 0,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const optionName = style({ flex: 1, minWidth: 0 });

/** The English picker name after a localized one ('inglés · English'): quieter, still searchable. */
export const optionEnglish = style({
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.xs,
  marginInlineStart: vars.spacing.xs,
});
