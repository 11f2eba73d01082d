import { style } from '@vanilla-extract/css';

/**
 * An icon that points the way text runs (send): mirrored in right-to-left text, where a line (and
 * so a message's way out) runs to the left (issue 27).
 */
export const mirroredInRtl = style({
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});
