import { LegalScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { useSignedOutLanguageSwitcher } from '../interfaceLocaleContext';

export function TermsRoute() {
  const router = useRouter();
  const switcher = useSignedOutLanguageSwitcher();
  return <LegalScreen page="terms" onBack={() => router.history.back()} {...switcher} />;
}
