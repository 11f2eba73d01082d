import { LegalScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { signedOutLanguageSwitcherProps } from '../SignedOutLanguageSwitcher';

export function PrivacyRoute() {
  const router = useRouter();
  return (
    <LegalScreen
      page="privacy"
      onBack={() => router.history.back()}
      {...signedOutLanguageSwitcherProps()}
    />
  );
}
