import { createTheme, globalStyle, style } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { PHONE_MEDIA, TOUCH_TARGET } from './media';
import { declareShippedFontFaces } from './private/fontFaces';
import { tokens } from './tokens';

// Noto Sans and Noto Sans Arabic travel with the stylesheet (see private/fontFaces.ts).
declareShippedFontFaces();

/** The base theme: put this class on an ancestor (ParleyProvider does) to define the variables. */
export const baseThemeClass = createTheme(vars, tokens);

/** Root styles applied by ParleyProvider; `display: contents` so it adds no box to the layout. */
export const parleyRoot = style({
  display: 'contents',
  fontFamily: vars.fonts.family.body,
  lineHeight: vars.fonts.lineHeight.normal,
  color: vars.colors.text.primary,
});

/*
 * Phones: every control inside Parley is a 44 px touch target (issue 14), whatever component drew
 * it. Scoped to the provider's root, so a partner page around an embed is untouched; `:where` keeps
 * these defaults below any component's own rule (a component that sets `display` keeps it); links
 * inside running text keep their line, as WCAG exempts inline targets. Every screen's Phone story
 * checks the result (mocks/devices.ts). A checkbox or switch is hit through its label, which grows.
 */
const touchTarget = { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } as const;
globalStyle(
  `:where(${parleyRoot} :is(button, select, textarea, summary, [role="tab"]), ${parleyRoot} input:not([type="checkbox"], [type="radio"], [type="hidden"]))`,
  { '@media': { [PHONE_MEDIA]: { ...touchTarget, boxSizing: 'border-box' } } },
);
globalStyle(
  `:where(${parleyRoot} :is(a[href], label:has(> input[type="checkbox"], > input[type="radio"])):not(p *))`,
  {
    '@media': {
      [PHONE_MEDIA]: { ...touchTarget, display: 'inline-flex', alignItems: 'center' },
    },
  },
);

/*
 * File inputs (a profile picture, a group image, a post's media): the browser's bare 'Choose File'
 * drawn as a secondary button, whatever component holds the input. `:where` keeps it below a
 * component's own rule (the composer's hidden input stays hidden).
 */
globalStyle(`:where(${parleyRoot} input[type="file"])`, {
  font: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  maxWidth: '100%',
});
globalStyle(`:where(${parleyRoot} input[type="file"])::file-selector-button`, {
  font: 'inherit',
  fontWeight: vars.fonts.weight.medium,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.strong}`,
  borderRadius: vars.radii.md,
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  marginInlineEnd: vars.spacing.sm,
  cursor: 'pointer',
});
globalStyle(`:where(${parleyRoot} input[type="file"]:focus-visible)`, {
  outline: `3px solid ${vars.colors.border.focus}`,
  outlineOffset: '2px',
  borderRadius: vars.radii.md,
});

/** Hides content visually while keeping it for assistive technology. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** The shared visible focus ring. */
export const focusRing = {
  outline: `3px solid ${vars.colors.border.focus}`,
  outlineOffset: '2px',
} as const;
