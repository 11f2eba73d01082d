import type { BillingStatus } from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { dateTimeFormat } from '../../components/private/localeFormat';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as css from '../private/account.css';

const S = ACCOUNT_STRINGS.billing;

/** Dates as the spec's same-year / other-year display, in the reader's locale. */
function formatDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

export interface BillingViewProps {
  state:
    | { status: 'loading' }
    | { status: 'error'; message: string }
    | { status: 'ready'; billing: BillingStatus };
  busy?: boolean;
  confirming?: boolean;
  message?: string | null;
  onManage: () => void;
  onCancel: () => void;
  onConfirmCancel: () => void;
  onKeep: () => void;
}

/** /billing: the current plan, its renewal or lifetime status, and how to manage or cancel it. */
export function BillingView({
  state,
  busy = false,
  confirming = false,
  message = null,
  onManage,
  onCancel,
  onConfirmCancel,
  onKeep,
}: BillingViewProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <header className={css.header}>
          <h1 className={css.title}>{S.title}</h1>
          <Link href={ROUTES.dashboard} className={css.link}>
            {S.back}
          </Link>
        </header>
        {message ? (
          <p className={css.successBanner} role="status">
            {message}
          </p>
        ) : null}
        <section className={css.card} aria-live="polite">
          {state.status === 'loading' ? (
            <p className={css.muted} role="status">
              {S.loading}
            </p>
          ) : state.status === 'error' ? (
            <p className={css.error} role="alert">
              {state.message}
            </p>
          ) : (
            <BillingDetails
              billing={state.billing}
              busy={busy}
              confirming={confirming}
              onManage={onManage}
              onCancel={onCancel}
              onConfirmCancel={onConfirmCancel}
              onKeep={onKeep}
            />
          )}
        </section>
      </div>
    </main>
  );
}

function BillingDetails({
  billing,
  busy,
  confirming,
  onManage,
  onCancel,
  onConfirmCancel,
  onKeep,
}: { billing: BillingStatus } & Omit<BillingViewProps, 'state' | 'message'>) {
  const testMode =
    billing.provider === 'test' ? <p className={css.warningBanner}>{S.testMode}</p> : null;
  if (billing.plan === 'free') {
    return (
      <>
        {testMode}
        <p className={css.text}>{S.free}</p>
        <Link href={ROUTES.settings} className={css.buttonLink}>
          {S.upgrade}
        </Link>
      </>
    );
  }
  const planName = UI_STRINGS.plans[billing.plan].name;
  return (
    <>
      {testMode}
      <dl className={css.prose}>
        <dt>
          <strong>{S.plan}</strong>
        </dt>
        <dd>
          {planName}
          {billing.seats ? ` — ${S.seats(billing.seats)}` : ''}
        </dd>
        <dt>
          <strong>{S.status}</strong>
        </dt>
        <dd>{billing.status === 'past_due' ? S.pastDue : S.active}</dd>
        {/* Its own line: run together it read 'Active Provided by your organization.' */}
        {billing.via_organization ? <dd>{S.viaOrganization}</dd> : null}
        <dd>
          {billing.plan === 'lifetime'
            ? S.lifetime
            : billing.current_period_end
              ? (billing.cancel_at_period_end ? S.ends : S.renews)(
                  formatDate(billing.current_period_end),
                )
              : null}
        </dd>
      </dl>
      {billing.manage === 'portal' ? (
        <div>
          <Button onClick={onManage} busy={busy}>
            {S.manage}
          </Button>
        </div>
      ) : billing.manage === 'cancel' ? (
        confirming ? (
          <div className={css.prose}>
            <p className={css.text}>{S.cancelConfirm}</p>
            <div className={css.row}>
              <Button variant="danger" onClick={onConfirmCancel} busy={busy}>
                {S.cancel}
              </Button>
              <Button variant="secondary" onClick={onKeep} disabled={busy}>
                {S.back}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <Button variant="danger" onClick={onCancel}>
              {S.cancel}
            </Button>
          </div>
        )
      ) : null}
    </>
  );
}

export interface BillingScreenProps {
  /** Sends the browser to the provider's portal; default `window.location.assign`. */
  redirect?: (url: string) => void;
}

export function BillingScreen({ redirect }: BillingScreenProps) {
  const client = useParleyClient();
  const [state, setState] = useState<BillingViewProps['state']>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(() => {
    client.api.billing.status().then(
      (billing) => setState({ status: 'ready', billing }),
      () => setState({ status: 'error', message: S.loadFailed }),
    );
  }, [client]);
  useEffect(load, [load]);

  return (
    <BillingView
      state={state}
      busy={busy}
      confirming={confirming}
      message={message}
      onManage={() => {
        setBusy(true);
        client.api.billing.portal().then(
          ({ url }) => (redirect ?? ((to: string) => window.location.assign(to)))(url),
          () => {
            setBusy(false);
            setState({ status: 'error', message: S.actionFailed });
          },
        );
      }}
      onCancel={() => setConfirming(true)}
      onKeep={() => setConfirming(false)}
      onConfirmCancel={() => {
        setBusy(true);
        client.api.billing
          .cancel()
          .then(
            async (billing) => {
              setState({ status: 'ready', billing });
              setMessage(S.cancelled);
              await client.session.refreshUser();
            },
            () => setState({ status: 'error', message: S.actionFailed }),
          )
          .finally(() => {
            setBusy(false);
            setConfirming(false);
          });
      }}
    />
  );
}
