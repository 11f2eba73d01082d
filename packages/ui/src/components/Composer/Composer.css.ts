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
    // One line however narrow the phone: a wrapped placeholder made the box two lines tall
    // (field-sizing grows it to the placeholder too).
    '&::placeholder': {
      color: vars.colors.text.secondary,
      opacity: 1,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
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

/** 'Link preview removed. Show preview' above the field (issue 25). */
export const previewRemoved = style({
  flexBasis: '100%',
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const restorePreview = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.brand.primary,
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
