import { LandingScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { SignedOutLanguageSwitcher } from '../SignedOutLanguageSwitcher';

export function LandingRoute() {
  const router = useRouter();
  return (
    <LandingScreen
      onNavigate={(path) => router.history.push(path)}
      languageSwitcher={<SignedOutLanguageSwitcher />}
    />
  );
}
