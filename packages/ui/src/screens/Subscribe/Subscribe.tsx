import { CheckoutError, type PlanName, SDK_MESSAGES } from '@parley/chat-sdk';
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';

const S = ACCOUNT_STRINGS.subscribe;

export type SubscribeState =
  | { status: 'loading' }
  | { status: 'redirecting' }
  | { status: 'error'; message: string };

export interface SubscribeViewProps {
  state: SubscribeState;
}

/** /subscribe/:plan (spec §2, §4): loading, error or redirect. */
export function SubscribeView({ state }: SubscribeViewProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card} aria-live="polite">
          {state.status === 'error' ? (
            <>
              <p className={css.error} role="alert">
                {state.message}
              </p>
              <div className={css.row}>
                <Link href={ROUTES.dashboard} className={css.link}>
                  {S.back}
                </Link>
                {state.message === SDK_MESSAGES.planAlreadyHeld ? (
                  <Link href={ROUTES.billing} className={css.link}>
                    {S.manage}
                  </Link>
                ) : null}
              </div>
            </>
          ) : (
            <p className={css.text} role="status">
              {state.status === 'loading' ? S.loading : S.redirecting}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}

export interface SubscribeScreenProps {
  /** The route's :plan (free, personal, organization, lifetime); anything else is an error. */
  plan: string | null | undefined;
  /** Organization seats (at least 10; default 10). */
  seats?: number;
  /** Sends the browser to the checkout url; default `window.location.assign`. */
  redirect?: (url: string) => void;
}

function planOf(value: string | null | undefined): PlanName | null | 'unknown' {
  if (!value) return null;
  return (
    (['free', 'personal', 'organization', 'lifetime'] as const).find((p) => p === value) ??
    'unknown'
  );
}

/** Starts the checkout for the plan once and goes to the provider's page. */
export function SubscribeScreen({ plan, seats, redirect }: SubscribeScreenProps) {
  const client = useParleyClient();
  const [state, setState] = useState<SubscribeState>({ status: 'loading' });
  // React's StrictMode runs effects twice; one checkout per visit is enough.
  const started = useRef<string | null>(null);
  const key = `${plan}:${seats ?? ''}`;

  useEffect(() => {
    if (started.current === key) return;
    started.current = key;
    const name = planOf(plan);
    if (name === 'unknown') {
      setState({ status: 'error', message: SDK_MESSAGES.noPlanSpecified });
      return;
    }
    client.api.billing.checkout(name, seats).then(
      (url) => {
        setState({ status: 'redirecting' });
        (redirect ?? ((to: string) => window.location.assign(to)))(url);
      },
      (error: unknown) =>
        setState({
          status: 'error',
          message: error instanceof CheckoutError ? error.message : SDK_MESSAGES.checkoutFailed,
        }),
    );
  }, [client, key, plan, seats, redirect]);

  return <SubscribeView state={state} />;
}
