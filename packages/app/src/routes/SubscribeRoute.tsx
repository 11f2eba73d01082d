import { SubscribeScreen } from '@parley/ui';
import { useParams, useSearch } from '@tanstack/react-router';

export function SubscribeRoute() {
  const { plan } = useParams({ strict: false }) as { plan?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const seats = Number(search.seats);
  return (
    <SubscribeScreen plan={plan} seats={Number.isInteger(seats) && seats > 0 ? seats : undefined} />
  );
}
