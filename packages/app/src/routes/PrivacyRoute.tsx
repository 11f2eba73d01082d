import { LegalScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { SignedOutLanguageSwitcher } from '../SignedOutLanguageSwitcher';

export function PrivacyRoute() {
  const router = useRouter();
  return (
    <LegalScreen
      page="privacy"
      onBack={() => router.history.back()}
      languageSwitcher={<SignedOutLanguageSwitcher />}
    />
  );
}
