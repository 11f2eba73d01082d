import { CHAT_THEME_NAMES, type ChatThemeName } from '@parley/chat-sdk';
import { createTheme, style } from '@vanilla-extract/css';
import { chatVars } from './contract.css';
import { type ChatThemeTokens, chatThemeTokens } from './tokens/chatThemes';

// Each theme's wallpaper: a 96 px tile drawn in the theme's pattern colour over its background,
// compiled into the CSS as an SVG data URL (no extra request, nothing for partners to host).
const MOTIFS: Record<ChatThemeName, (c: string) => string> = {
  // Classic: speech bubbles and a globe, the product's idea of talking across languages.
  default: (c) =>
    `<g fill="none" stroke="${c}" stroke-width="2" stroke-linejoin="round"><path d="M10 14h26a6 6 0 0 1 6 6v10a6 6 0 0 1-6 6H22l-8 6v-6h-4a6 6 0 0 1-6-6V20a6 6 0 0 1 6-6z"/><circle cx="70" cy="66" r="14"/><path d="M56 66h28M70 52c-6 8-6 20 0 28M70 52c6 8 6 20 0 28"/><path d="M60 20h24a5 5 0 0 1 5 5v7a5 5 0 0 1-5 5h-3v5l-6-5H60a5 5 0 0 1-5-5v-7a5 5 0 0 1 5-5z"/></g><g fill="${c}"><circle cx="20" cy="76" r="2.5"/><circle cx="30" cy="76" r="2.5"/><circle cx="40" cy="76" r="2.5"/></g>`,
  // Light: a quiet grid of dots with a few letters from different scripts.
  light: (c) =>
    `<g fill="${c}"><circle cx="12" cy="12" r="1.5"/><circle cx="60" cy="12" r="1.5"/><circle cx="36" cy="36" r="1.5"/><circle cx="84" cy="36" r="1.5"/><circle cx="12" cy="60" r="1.5"/><circle cx="60" cy="60" r="1.5"/><circle cx="36" cy="84" r="1.5"/><circle cx="84" cy="84" r="1.5"/></g><g fill="none" stroke="${c}" stroke-width="2" stroke-linecap="round"><path d="M76 6l-6 14M76 6l6 14M72 15h8"/><path d="M14 36c6-4 10 4 4 8s-8 6 0 8"/><path d="M52 78h10M57 78v10"/></g>`,
  // Ocean: waves and a few bubbles.
  blue: (c) =>
    `<g fill="none" stroke="${c}" stroke-width="2.5" stroke-linecap="round"><path d="M0 24c8-8 16-8 24 0s16 8 24 0 16-8 24 0 16 8 24 0"/><path d="M0 72c8-8 16-8 24 0s16 8 24 0 16-8 24 0 16 8 24 0"/></g><g fill="none" stroke="${c}" stroke-width="2"><circle cx="20" cy="48" r="4"/><circle cx="30" cy="42" r="2.5"/><circle cx="70" cy="50" r="5"/><circle cx="82" cy="92" r="2"/></g>`,
};

function backgroundPattern(t: ChatThemeTokens, name: ChatThemeName = 'default'): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="${t.background}"/>${MOTIFS[name](t.pattern)}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

function previewImage(t: ChatThemeTokens, name: ChatThemeName): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64"><rect width="96" height="64" rx="6" fill="${t.background}"/><g transform="scale(0.66)">${MOTIFS[name](t.pattern)}</g><rect x="8" y="10" width="48" height="14" rx="7" fill="${t.received.background}"/><rect x="40" y="32" width="48" height="14" rx="7" fill="${t.sent.background}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function themeClass(t: ChatThemeTokens, name: ChatThemeName) {
  return createTheme(chatVars, {
    background: t.background,
    backgroundImage: backgroundPattern(t, name),
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

// The theme names come from the sdk (the wire's one list); a new name there fails typecheck here
// until MOTIFS and the tokens have it.
const names: readonly ChatThemeName[] = CHAT_THEME_NAMES;

export const chatThemeStyles = Object.fromEntries(
  names.map((name) => {
    const t = chatThemeTokens[name];
    const bubbles = bubbleClasses(t);
    return [
      name,
      {
        className: themeClass(t, name),
        background: backgroundPattern(t, name),
        preview: previewImage(t, name),
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
