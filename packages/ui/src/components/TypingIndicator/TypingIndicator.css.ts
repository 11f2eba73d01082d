import { keyframes, style } from '@vanilla-extract/css';
import { chatVars, vars } from '../../theme/contract.css';

export const indicator = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  minHeight: '1.5rem',
  padding: `0 ${vars.spacing.lg}`,
  fontSize: vars.fonts.size.sm,
});

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  padding: `${vars.spacing.xxs} ${vars.spacing.sm}`,
  borderRadius: vars.radii.full,
  background: chatVars.receivedBubble.background,
  color: chatVars.receivedBubble.text,
});

const bounce = keyframes({
  '0%, 80%, 100%': { opacity: 0.3 },
  '40%': { opacity: 1 },
});

export const dots = style({ display: 'inline-flex', gap: 2 });

export const dot = style({
  width: 5,
  height: 5,
  borderRadius: '50%',
  background: 'currentColor',
  animation: `${bounce} 1.2s infinite`,
  selectors: {
    '&:nth-child(2)': { animationDelay: '0.2s' },
    '&:nth-child(3)': { animationDelay: '0.4s' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 } },
});
