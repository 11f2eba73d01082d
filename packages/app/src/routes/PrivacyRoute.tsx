import { LegalScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { useSignedOutLanguageSwitcher } from '../interfaceLocaleContext';

export function PrivacyRoute() {
  const router = useRouter();
  const switcher = useSignedOutLanguageSwitcher();
  return <LegalScreen page="privacy" onBack={() => router.history.back()} {...switcher} />;
}
