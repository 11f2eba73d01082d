import type { ChatThemeName } from '@parley/chat-sdk';
import { createTheme, style } from '@vanilla-extract/css';
import { chatVars } from './contract.css';
import { type ChatThemeTokens, chatThemeTokens } from './tokens/chatThemes';

function backgroundPattern(t: ChatThemeTokens): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="${t.background}"/><circle cx="8" cy="8" r="2" fill="${t.pattern}"/><circle cx="24" cy="24" r="2" fill="${t.pattern}"/></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

function previewImage(t: ChatThemeTokens): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64"><rect width="96" height="64" rx="6" fill="${t.background}"/><rect x="8" y="10" width="48" height="14" rx="7" fill="${t.received.background}"/><rect x="40" y="32" width="48" height="14" rx="7" fill="${t.sent.background}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function themeClass(t: ChatThemeTokens) {
  return createTheme(chatVars, {
    background: t.background,
    backgroundImage: backgroundPattern(t),
    sentBubble: { background: t.sent.background, text: t.sent.text },
    receivedBubble: { background: t.received.background, text: t.received.text },
  });
}

const bubble = {
  padding: '0.5rem 0.75rem',
  borderRadius: '0.75rem',
  maxWidth: '75%',
  overflowWrap: 'anywhere',
} as const;

// Bubbles read the theme contract's variables (set by the theme class around them), so a partner
// who overrides `--parley-chat-sent-bubble-background` and friends recolours every bubble.
const sentBubble = style({
  ...bubble,
  background: chatVars.sentBubble.background,
  color: chatVars.sentBubble.text,
});
const receivedBubble = style({
  ...bubble,
  background: chatVars.receivedBubble.background,
  color: chatVars.receivedBubble.text,
});

function bubbleClasses(_t: ChatThemeTokens) {
  return { sent: sentBubble, received: receivedBubble };
}

const names = ['default', 'light', 'blue'] as const satisfies readonly ChatThemeName[];

export const chatThemeStyles = Object.fromEntries(
  names.map((name) => {
    const t = chatThemeTokens[name];
    const bubbles = bubbleClasses(t);
    return [
      name,
      {
        className: themeClass(t),
        background: backgroundPattern(t),
        preview: previewImage(t),
        sentBubbleClass: bubbles.sent,
        receivedBubbleClass: bubbles.received,
      },
    ];
  }),
) as Record<
  ChatThemeName,
  {
    className: string;
    background: string;
    preview: string;
    sentBubbleClass: string;
    receivedBubbleClass: string;
  }
>;

/** Applies the current chat theme's background to a surface. */
export const chatSurface = style({
  backgroundColor: chatVars.background,
  backgroundImage: chatVars.backgroundImage,
});
