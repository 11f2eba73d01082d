import type { ChatThemeName } from '@parley/chat-sdk';
import { createContext, type ReactNode, useContext } from 'react';
import { type ChatTheme, chatThemeFor } from '../theme/chatThemes';
import { chatSurface } from '../theme/chatThemes.css';
import { useSession } from './ParleyProvider';

export interface ChatThemeScopeProps {
  children?: ReactNode;
  /** Force a theme (pickers' previews, stories); otherwise the signed-in user's chat_theme. */
  theme?: ChatThemeName | null;
  /** Also paint the theme background on this element. */
  surface?: boolean;
}

const ChatThemeContext = createContext<ChatTheme>(chatThemeFor(null));

/** The chat theme of the nearest ChatThemeScope (the default theme outside one). */
export function useChatTheme(): ChatTheme {
  return useContext(ChatThemeContext);
}

function Scope({
  name,
  surface,
  children,
}: {
  name: string | null | undefined;
  surface: boolean;
  children?: ReactNode;
}) {
  const theme = chatThemeFor(name);
  return (
    <ChatThemeContext.Provider value={theme}>
      <div
        className={surface ? `${theme.className} ${chatSurface}` : theme.className}
        data-chat-theme={theme.name}
      >
        {children}
      </div>
    </ChatThemeContext.Provider>
  );
}

function SessionScope({ surface, children }: { surface: boolean; children?: ReactNode }) {
  const session = useSession();
  return (
    <Scope name={session.user?.chat_theme} surface={surface}>
      {children}
    </Scope>
  );
}

/**
 * Sets the chat-theme variables (`chatVars`) for its children: the current user's chat_theme, or
 * 'default' when absent (spec §3). Needs ParleyProvider unless `theme` is given.
 */
export function ChatThemeScope({ children, theme, surface = false }: ChatThemeScopeProps) {
  if (theme) {
    return (
      <Scope name={theme} surface={surface}>
        {children}
      </Scope>
    );
  }
  return <SessionScope surface={surface}>{children}</SessionScope>;
}
