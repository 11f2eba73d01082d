import { LegalScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { SignedOutLanguageSwitcher } from '../SignedOutLanguageSwitcher';

export function TermsRoute() {
  const router = useRouter();
  return (
    <LegalScreen
      page="terms"
      onBack={() => router.history.back()}
      languageSwitcher={<SignedOutLanguageSwitcher />}
    />
  );
}
