// A partner's React page: two imports and one stylesheet, nothing else from Parley.
import { type ChatThemeName, createParleyClient } from '@parley/chat-sdk';
import {
  ChatScreen,
  ChatThemeScope,
  LanguagePicker,
  ParleyProvider,
  SignInScreen,
  ThemePicker,
  ToastProvider,
  useSession,
} from '@parley/ui';
import '@parley/ui/styles.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

// The Parley server's origin; here it serves this page too.
const client = createParleyClient({ apiUrl: window.location.origin });

function PartnerChat() {
  const session = useSession();
  const [language, setLanguage] = useState<string | null>('English');
  const [theme, setTheme] = useState<ChatThemeName>('default');
  if (session.status !== 'signedIn') return <SignInScreen />;
  return (
    <div style={{ display: 'grid', gap: '1rem', padding: '1rem' }}>
      <header style={{ display: 'flex', gap: '2rem', alignItems: 'start' }}>
        <LanguagePicker label="Your language" value={language} onChange={setLanguage} />
        <ThemePicker value={theme} onChange={setTheme} />
      </header>
      <ChatThemeScope theme={theme}>
        <div style={{ height: '640px', display: 'flex' }}>
          <ChatScreen />
        </div>
      </ChatThemeScope>
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    {/* Issue 27: the partner's site is Spanish, so is the embedded interface. */}
    <ParleyProvider client={client} productName="Acme Chat" locale="es">
      <ToastProvider>
        <PartnerChat />
      </ToastProvider>
    </ParleyProvider>
  </StrictMode>,
);
