import { createGlobalThemeContract } from '@vanilla-extract/css';
import { tokens } from './tokens';

const toVarName = (prefix: string) => (_value: string | null, path: string[]) =>
  `${prefix}-${path.join('-')}`.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * CSS variables for every token; the names come from the token files, the values from themes.
 * The names are stable and public (e.g. `--parley-colors-brand-primary`) so partner sites can
 * override them with plain CSS, without a vanilla-extract build step.
 */
export const vars = createGlobalThemeContract(tokens, toVarName('parley'));

/** Chat-theme variables (e.g. `--parley-chat-sent-bubble-background`), set by a chat theme class. */
export const chatVars = createGlobalThemeContract(
  {
    background: null,
    backgroundImage: null,
    sentBubble: { background: null, text: null },
    receivedBubble: { background: null, text: null },
  },
  toVarName('parley-chat'),
);
