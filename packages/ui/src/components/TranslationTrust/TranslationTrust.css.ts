import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** A member's better translation, drawn as the message's own text. */
export const correctedText = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The suggestion form under the bubble. */
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  maxWidth: 'min(28rem, 100%)',
  marginBlockStart: vars.spacing.xs,
});

export const textarea = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  padding: vars.spacing.sm,
  borderRadius: vars.radii.sm,
  border: `1px solid ${vars.colors.border.default}`,
  color: vars.colors.text.primary,
  background: vars.colors.surface.raised,
  resize: 'vertical',
  minHeight: '4rem',
});

export const label = style({ fontSize: vars.fonts.size.sm, fontWeight: vars.fonts.weight.bold });

export const hint = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });

export const buttons = style({ display: 'flex', gap: vars.spacing.sm });
