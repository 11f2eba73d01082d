import type { ChatThemeName } from '@parley/chat-sdk';

export interface ChatThemeTokens {
  label: string;
  background: string;
  pattern: string;
  sent: { background: string; text: string };
  received: { background: string; text: string };
}

/**
 * The three chat themes of the spec (section 2, "Chat theme picker"). Bubble text meets AA on its
 * bubble; the bubbles are distinguishable from the background.
 */
export const chatThemeTokens = {
  default: {
    label: 'Classic',
    background: '#efeae2',
    pattern: '#d9d2c5',
    sent: { background: '#d9fdd3', text: '#111b21' }, // 15.6:1
    received: { background: '#ffffff', text: '#111b21' }, // 17.9:1
  },
  light: {
    label: 'Light',
    background: '#f8fafc',
    pattern: '#e2e8f0',
    sent: { background: '#1d4ed8', text: '#ffffff' }, // 6.7:1
    received: { background: '#e2e8f0', text: '#0f172a' }, // 14.5:1
  },
  blue: {
    label: 'Ocean',
    background: '#0c4a6e',
    pattern: '#0e5a85',
    sent: { background: '#bae6fd', text: '#0c4a6e' }, // 7.4:1
    received: { background: '#ffffff', text: '#0f172a' }, // 17.9:1
  },
} as const satisfies Record<ChatThemeName, ChatThemeTokens>;
