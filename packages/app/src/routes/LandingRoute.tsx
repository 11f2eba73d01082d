import { LandingScreen } from '@parley/ui';
import { useRouter } from '@tanstack/react-router';
import { useSignedOutLanguageSwitcher } from '../interfaceLocaleContext';

export function LandingRoute() {
  const router = useRouter();
  const switcher = useSignedOutLanguageSwitcher();
  return <LandingScreen onNavigate={(path) => router.history.push(path)} {...switcher} />;
}
