import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

/** Centred in the conversation, as WhatsApp's and Signal's call and group records are. */
export const row = style({
  display: 'flex',
  justifyContent: 'center',
  padding: `${vars.spacing.xs} ${vars.spacing.lg}`,
});

export const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.spacing.xs,
  maxWidth: '90%',
  padding: `${vars.spacing.xxs} ${vars.spacing.md}`,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
  background: vars.colors.surface.card,
  boxShadow: vars.shadows.bubble,
  borderRadius: vars.radii.full,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});

/** A missed or declined call reads as something to notice. */
export const missed = style({ color: vars.colors.text.danger });

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

export const time = style({ color: vars.colors.text.secondary });
