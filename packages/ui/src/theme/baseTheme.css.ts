import { createTheme, style } from '@vanilla-extract/css';
import { vars } from './contract.css';
import { tokens } from './tokens';

/** The base theme: put this class on an ancestor (ParleyProvider does) to define the variables. */
export const baseThemeClass = createTheme(vars, tokens);

/** Root styles applied by ParleyProvider; `display: contents` so it adds no box to the layout. */
export const parleyRoot = style({
  display: 'contents',
  fontFamily: vars.fonts.family.body,
  lineHeight: vars.fonts.lineHeight.normal,
  color: vars.colors.text.primary,
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
