import { RegistrationScreen } from '@parley/ui';
import { useNavigate } from '@tanstack/react-router';
import { signedOutLanguageSwitcherProps } from '../SignedOutLanguageSwitcher';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <RegistrationScreen
      onRegistered={() => navigate({ to: '/' })}
      {...signedOutLanguageSwitcherProps()}
    />
  );
}
