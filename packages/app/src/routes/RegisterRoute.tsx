import { RegistrationScreen } from '@parley/ui';
import { useNavigate } from '@tanstack/react-router';
import { useSignedOutLanguageSwitcher } from '../interfaceLocaleContext';

export function RegisterRoute() {
  const navigate = useNavigate();
  const switcher = useSignedOutLanguageSwitcher();
  return <RegistrationScreen onRegistered={() => navigate({ to: '/' })} {...switcher} />;
}
