import { RegisterScreen } from '@parley/ui';
import { useNavigate } from '@tanstack/react-router';

export function RegisterRoute() {
  const navigate = useNavigate();
  return <RegisterScreen onRegistered={() => navigate({ to: '/' })} />;
}
