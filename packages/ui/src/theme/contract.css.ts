import { createThemeContract } from '@vanilla-extract/css';
import { tokens } from './tokens';

/** CSS variables for every token; the names come from the token files, the values from themes. */
export const vars = createThemeContract(tokens);

/** Chat-theme variables, set by a chat theme class (see chatThemes.css.ts). */
export const chatVars = createThemeContract({
  background: null,
  backgroundImage: null,
  sentBubble: { background: null, text: null },
  receivedBubble: { background: null, text: null },
});
