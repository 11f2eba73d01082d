import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const composer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.spacing.sm,
  padding: `${vars.spacing.sm} ${vars.spacing.lg}`,
  background: vars.colors.surface.card,
  borderTop: `1px solid ${vars.colors.border.default}`,
});

/** Holds the textarea over its underline layer; carries the field's background. */
export const field = style({
  position: 'relative',
  display: 'flex',
  flex: 1,
  minWidth: 0,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.lg,
  // The field steps aside while the mic is busy: `display` must not override [hidden].
  selectors: { '&[hidden]': { display: 'none' } },
});

/** Shared by the textarea and its mirror so wrapped lines match exactly. */
const textMetrics = {
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.md,
  lineHeight: vars.fonts.lineHeight.normal,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  borderWidth: 1,
  borderStyle: 'solid',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'break-word',
  letterSpacing: 'normal',
} as const;

export const mirror = style({
  ...textMetrics,
  position: 'absolute',
  inset: 0,
  margin: 0,
  overflow: 'hidden',
  color: 'transparent',
  borderColor: 'transparent',
  pointerEvents: 'none',
  userSelect: 'none',
});

export const misspelling = style({
  color: 'transparent',
  background: 'transparent',
  textDecorationLine: 'underline',
  textDecorationStyle: 'wavy',
  textDecorationColor: vars.colors.text.danger,
  textDecorationThickness: '1.5px',
  textUnderlineOffset: '3px',
});

export const textarea = style({
  ...textMetrics,
  position: 'relative',
  flex: 1,
  resize: 'none',
  maxHeight: '10rem',
  color: vars.colors.text.primary,
  background: 'transparent',
  borderColor: vars.colors.border.default,
  borderRadius: vars.radii.lg,
  fieldSizing: 'content',
  selectors: {
    '&:focus-visible': { ...focusRing, borderColor: vars.colors.border.focus },
    '&::placeholder': { color: vars.colors.text.secondary, opacity: 1 },
  },
} as Parameters<typeof style>[0]);

export const send = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.brand.onPrimary,
  background: vars.colors.brand.primary,
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.colors.brand.primaryHover },
    '&:focus-visible': focusRing,
    '&:disabled': {
      color: vars.colors.text.secondary,
      background: vars.colors.surface.raised,
      border: `1px solid ${vars.colors.border.default}`,
      cursor: 'not-allowed',
    },
  },
});

/** The row under the field: flagged words and the auto-correct switch. */
export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.sm,
  flexBasis: '100%',
  fontSize: vars.fonts.size.sm,
});

export const suggestions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.spacing.xs,
});

export const suggestionsLabel = style({ color: vars.colors.text.secondary });

export const flaggedList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const flaggedItem = style({ position: 'relative' });

export const flaggedWord = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: vars.colors.surface.raised,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  padding: `0 ${vars.spacing.sm}`,
  minHeight: '1.75rem',
  textDecorationLine: 'underline',
  textDecorationStyle: 'wavy',
  textDecorationColor: vars.colors.text.danger,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const menu = style({
  position: 'absolute',
  insetInlineStart: 0,
  bottom: 'calc(100% + 4px)',
  zIndex: 2,
  minWidth: '9rem',
  margin: 0,
  padding: vars.spacing.xxs,
  listStyle: 'none',
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.lg,
});

export const menuItem = style({
  display: 'block',
  width: '100%',
  textAlign: 'start',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.sm,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus': { background: vars.colors.brand.subtle, outline: 'none' },
    '&:focus-visible': focusRing,
  },
});

export const menuIgnore = style({ color: vars.colors.text.secondary });

export const menuEmpty = style({
  display: 'block',
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  color: vars.colors.text.secondary,
});

export const autoCorrect = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  marginInlineStart: 'auto',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: 'transparent',
  border: 0,
  padding: `${vars.spacing.xxs} 0`,
  cursor: 'pointer',
  '@media': { '(pointer: coarse)': { minHeight: '2.75rem' } },
  selectors: { '&:focus-visible': focusRing },
});

export const switchTrack = style({
  position: 'relative',
  display: 'inline-block',
  width: '2rem',
  height: '1.125rem',
  borderRadius: vars.radii.full,
  background: vars.colors.border.default,
  transition: 'background 120ms',
  selectors: {
    [`${autoCorrect}[aria-checked="true"] &`]: { background: vars.colors.brand.primary },
  },
});

export const switchThumb = style({
  position: 'absolute',
  top: 2,
  insetInlineStart: 2,
  width: '0.875rem',
  height: '0.875rem',
  borderRadius: vars.radii.full,
  background: vars.colors.surface.card,
  transition: 'transform 120ms',
  selectors: {
    [`${autoCorrect}[aria-checked="true"] &`]: { transform: 'translateX(0.875rem)' },
    [`[dir="rtl"] ${autoCorrect}[aria-checked="true"] &`]: { transform: 'translateX(-0.875rem)' },
  },
});

/** Attach and mic buttons. */
export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.text.secondary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': {
      color: vars.colors.text.primary,
      background: vars.colors.surface.raised,
    },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

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
