import { RegistrationScreen } from '@parley/ui';
import { useNavigate } from '@tanstack/react-router';
import { SignedOutLanguageSwitcher } from '../SignedOutLanguageSwitcher';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <RegistrationScreen
      onRegistered={() => navigate({ to: '/' })}
      languageSwitcher={<SignedOutLanguageSwitcher />}
    />
  );
}
