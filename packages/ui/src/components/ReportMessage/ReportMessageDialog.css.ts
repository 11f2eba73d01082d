import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const excerpt = style({
  margin: 0,
  marginBottom: vars.spacing.sm,
  paddingInlineStart: vars.spacing.sm,
  borderInlineStart: `3px solid ${vars.colors.border.default}`,
  color: vars.colors.text.secondary,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: '6rem',
  overflowY: 'auto',
});

export const sentText = style({
  margin: 0,
});
