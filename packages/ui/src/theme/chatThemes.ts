import { CHAT_THEME_NAMES, type ChatThemeName } from '@parley/chat-sdk';
import { chatThemeStyles } from './chatThemes.css';
import { chatThemeTokens } from './tokens/chatThemes';

/** A chat theme as the spec's "Theme" entity (section 3), plus the class that sets its variables. */
export interface ChatTheme {
  name: ChatThemeName;
  label: string;
  /** CSS `background-image` value (an inline SVG pattern over the theme colour). */
  background: string;
  /** Data URL of a small preview picture for theme pickers. */
  preview: string;
  sentBubbleClass: string;
  receivedBubbleClass: string;
  /** Sets the chat-theme CSS variables (`chatVars`) for everything inside. */
  className: string;
  /**
   * The theme's default colours (what its CSS variables start as). Components never read these:
   * bubbles and surfaces take the `--parley-chat-*` variables, so partner overrides reach them.
   */
  colors: {
    background: string;
    sentBubble: string;
    sentText: string;
    receivedBubble: string;
    receivedText: string;
  };
}

export const DEFAULT_CHAT_THEME: ChatThemeName = 'default';

function build(name: ChatThemeName): ChatTheme {
  const t = chatThemeTokens[name];
  return {
    name,
    label: t.label,
    ...chatThemeStyles[name],
    colors: {
      background: t.background,
      sentBubble: t.sent.background,
      sentText: t.sent.text,
      receivedBubble: t.received.background,
      receivedText: t.received.text,
    },
  };
}

/** classic (`default`), light (`light`), ocean (`blue`), in the spec's order. */
export const chatThemes: readonly ChatTheme[] = CHAT_THEME_NAMES.map(build);

/** The theme for a stored name; unknown or absent names fall back to the default theme. */
export function chatThemeFor(name: string | null | undefined): ChatTheme {
  return chatThemes.find((t) => t.name === name) ?? (chatThemes[0] as ChatTheme);
}
