import { DashboardScreen } from '@parley/ui';
import { useRouter, useSearch } from '@tanstack/react-router';

export function DashboardRoute() {
  const router = useRouter();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const flag = (value: unknown) => value === true || value === 'true';
  return (
    <DashboardScreen
      success={flag(search.success)}
      cancelled={flag(search.cancelled)}
      onNavigate={(path) => router.history.push(path)}
      onDismissBanner={() => router.history.replace('/dashboard')}
    />
  );
}
