import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { LATIN_ONLY_FAMILY } from '../../theme/private/fontFaces';

export const hint = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

/** The signed-out pages' switcher: as wide as its longest name, small text, a globe before it. */
export const compact = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  maxWidth: '100%',
  color: vars.colors.text.secondary,
});

export const compactControl = style({
  width: 'auto',
  maxWidth: '100%',
  minHeight: '2.75rem',
  fontSize: vars.fonts.size.sm,
  paddingBlock: vars.spacing.xs,
  paddingInline: vars.spacing.sm,
});

export const globe = style({ flexShrink: 0 });

/**
 * Until the picker is reached for: Noto Sans's Latin faces, then the system's
 * fonts, so the names in other scripts (العربية, हिन्दी) do not download their web fonts just to
 * be measured (theme/private/fontFaces.ts, LATIN_ONLY_FAMILY). Doubled class: it wins over the
 * field's `font-family: inherit` whatever the stylesheets' order.
 */
export const latinUntilUsed = style({
  selectors: {
    '&&': {
      fontFamily: `"${LATIN_ONLY_FAMILY}", system-ui, sans-serif`,
    },
  },
});
