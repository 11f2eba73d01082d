import { type CurrentUser, displayLanguageName, type PlanName } from '@parley/chat-sdk';
import { useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import {
  OperatorsOverview,
  type OperatorsOverviewState,
} from '../../components/OperatorsOverview/OperatorsOverview';
import { usePaymentsUnavailable } from '../../components/PlanCards/paymentsAvailability';
import { QrCode } from '../../components/QrCode/QrCode';
import { SubscriptionStatus } from '../../components/SubscriptionStatus/SubscriptionStatus';
import { Link } from '../../context/Link';
import { useParleyClient, useSession } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { currentOrigin, navigate, subscribePath } from '../private/navigation';

const S = ACCOUNT_STRINGS.dashboard;

export interface DashboardViewProps {
  user: CurrentUser;
  origin: string;
  /** ?success=true after checkout: the payment-success banner. */
  success?: boolean;
  /** ?cancelled=true after checkout: the payment-cancelled banner. */
  cancelled?: boolean;
  /** Members in the administrator's organisation (seats used), when known. */
  seatsUsed?: number | null;
  /** The outcome of the last copy of the invite link. */
  copyState?: 'idle' | 'copied' | 'failed';
  onCopyInvite: (link: string) => void;
  /**
   * Replacing the invite link (Parley extension): asking, in progress, done or failed. Without
   * `onNewInvite` the button is not offered.
   */
  newInviteState?: 'idle' | 'confirming' | 'busy' | 'done' | 'failed';
  onNewInvite?: () => void;
  onConfirmNewInvite?: () => void;
  onKeepInvite?: () => void;
  onChoosePlan: (plan: Exclude<PlanName, 'free'>, seats: number) => void;
  onDismissBanner?: () => void;
  /** The server takes no payments (capabilities): the plan cards say so. */
  paymentsUnavailable?: boolean;
  /** Staff only (issue 29): the operators' overview; absent, the dashboard shows none. */
  operators?: OperatorsOverviewState;
}

/** The dashboard (spec §2) as a pure view. */
export function DashboardView({
  user,
  origin,
  success = false,
  cancelled = false,
  seatsUsed = null,
  copyState = 'idle',
  onCopyInvite,
  newInviteState = 'idle',
  onNewInvite,
  onConfirmNewInvite,
  onKeepInvite,
  onChoosePlan,
  onDismissBanner,
  paymentsUnavailable = false,
  operators,
}: DashboardViewProps) {
  const profileUrl = `${origin}${ROUTES.profile(user.username)}`;
  const inviteLink = user.org_invite_token
    ? `${origin}${ROUTES.joinOrg(user.org_invite_token)}`
    : null;
  const banner = success ? S.success : cancelled ? S.cancelled : null;
  return (
    <main className={css.page}>
      <div className={css.column}>
        {banner ? (
          <div className={success ? css.successBanner : css.warningBanner} role="status">
            <span>{banner}</span>
            {onDismissBanner ? (
              <Button variant="ghost" size="sm" onClick={onDismissBanner}>
                {S.dismiss}
              </Button>
            ) : null}
          </div>
        ) : null}
        <header className={css.header}>
          <div>
            <h1 className={css.title}>{S.welcome(user.username)}</h1>
            <p className={css.muted}>
              {S.language(user.language ? displayLanguageName(user.language) : S.notSet)}
            </p>
          </div>
          <Link href={ROUTES.settings} className={css.buttonLink}>
            {S.editProfile}
          </Link>
        </header>

        <section className={css.card} aria-labelledby="dashboard-qr">
          <h2 id="dashboard-qr" className={css.cardTitle}>
            {S.profileQr}
          </h2>
          <QrCode value={profileUrl} label={ACCOUNT_STRINGS.settings.qrLabel(profileUrl)} />
          <p className={css.muted}>{profileUrl}</p>
        </section>

        <section className={css.card} aria-labelledby="dashboard-subscription">
          <h2 id="dashboard-subscription" className={css.cardTitle}>
            {S.subscription}
          </h2>
          <SubscriptionStatus
            user={user}
            onChoose={onChoosePlan}
            paymentsUnavailable={paymentsUnavailable}
          />
        </section>

        {user.is_org_admin && inviteLink ? (
          <section className={css.card} aria-labelledby="dashboard-org">
            <h2 id="dashboard-org" className={css.cardTitle}>
              {S.organization}
            </h2>
            <p className={css.text}>{S.seats(seatsUsed ?? 1, user.org_max_users ?? 0)}</p>
            <label className={css.row}>
              <span>{S.inviteLink}</span>
              <input readOnly value={inviteLink} size={Math.min(60, inviteLink.length)} />
            </label>
            <div className={css.row}>
              <Button variant="secondary" onClick={() => onCopyInvite(inviteLink)}>
                {copyState === 'copied' ? S.copiedButton : S.copy}
              </Button>
              {onNewInvite && newInviteState !== 'confirming' && newInviteState !== 'busy' ? (
                <Button variant="secondary" onClick={onNewInvite}>
                  {S.newInvite}
                </Button>
              ) : null}
              <Link href={ROUTES.members} className={css.link}>
                {S.members}
              </Link>
            </div>
            <p className={copyState === 'failed' ? css.error : css.muted} aria-live="polite">
              {copyState === 'copied' ? S.copied : copyState === 'failed' ? S.copyFailed : ''}
            </p>
            {onNewInvite && (newInviteState === 'confirming' || newInviteState === 'busy') ? (
              <div className={css.prose}>
                <p className={css.text}>{S.newInviteConfirm}</p>
                <div className={css.row}>
                  <Button
                    variant="danger"
                    onClick={onConfirmNewInvite}
                    busy={newInviteState === 'busy'}
                  >
                    {S.newInviteConfirmButton}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={onKeepInvite}
                    disabled={newInviteState === 'busy'}
                  >
                    {S.keepInvite}
                  </Button>
                </div>
              </div>
            ) : null}
            <p className={newInviteState === 'failed' ? css.error : css.muted} aria-live="polite">
              {newInviteState === 'done'
                ? S.newInviteDone
                : newInviteState === 'failed'
                  ? S.newInviteFailed
                  : ''}
            </p>
          </section>
        ) : null}

        {operators ? <OperatorsOverview state={operators} /> : null}

        <nav className={css.card} aria-labelledby="dashboard-shortcuts">
          <h2 id="dashboard-shortcuts" className={css.cardTitle}>
            {S.shortcuts}
          </h2>
          <ul className={css.tiles}>
            <li>
              <Link href={ROUTES.chat} className={css.tile}>
                {S.tiles.chat}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.groups} className={css.tile}>
                {S.tiles.groups}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.posts} className={css.tile}>
                {S.tiles.posts}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.billing} className={css.tile}>
                {S.tiles.billing}
              </Link>
            </li>
          </ul>
        </nav>

        <p className={css.text}>
          <a className={css.link} href={`mailto:${S.supportEmail}`}>
            {S.support}
          </a>
        </p>
      </div>
    </main>
  );
}

export interface DashboardScreenProps {
  success?: boolean;
  cancelled?: boolean;
  origin?: string;
  onNavigate?: (path: string) => void;
  /** Clears the ?success/?cancelled flags (the app replaces the URL). */
  onDismissBanner?: () => void;
}

/**
 * The dashboard connected to the sdk. It reloads the user on arrival, so a plan granted by a
 * payment just made shows at once.
 */
export function DashboardScreen({
  success,
  cancelled,
  origin,
  onNavigate,
  onDismissBanner,
}: DashboardScreenProps) {
  const client = useParleyClient();
  const { user } = useSession();
  const [seatsUsed, setSeatsUsed] = useState<number | null>(null);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [newInviteState, setNewInviteState] =
    useState<NonNullable<DashboardViewProps['newInviteState']>>('idle');
  const isAdmin = user?.is_org_admin === true;
  const paymentsUnavailable = usePaymentsUnavailable(client);
  const isStaff = user?.staff === true;
  const [operators, setOperators] = useState<OperatorsOverviewState>('loading');

  useEffect(() => {
    void client.session.refreshUser();
  }, [client]);

  useEffect(() => {
    if (!isAdmin) return;
    client.api.org.members().then(
      (answer) => setSeatsUsed(answer.members.length),
      () => setSeatsUsed(null),
    );
  }, [client, isAdmin]);

  useEffect(() => {
    // Only staff ask: a spec-only backend never marks anyone staff, so it is never called there.
    if (!isStaff) return;
    const abort = new AbortController();
    setOperators('loading');
    client.api.moderation.overview({ signal: abort.signal }).then(setOperators, () => {
      if (!abort.signal.aborted) setOperators('failed');
    });
    return () => abort.abort();
  }, [client, isStaff]);

  if (!user) return null;
  return (
    <DashboardView
      {...(isStaff ? { operators } : {})}
      user={user as CurrentUser}
      origin={origin ?? currentOrigin()}
      success={success}
      cancelled={cancelled}
      seatsUsed={seatsUsed}
      copyState={copyState}
      onDismissBanner={onDismissBanner}
      onCopyInvite={(link) => {
        const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
        if (!clipboard) {
          setCopyState('failed');
          return;
        }
        clipboard.writeText(link).then(
          () => setCopyState('copied'),
          () => setCopyState('failed'),
        );
      }}
      paymentsUnavailable={paymentsUnavailable}
      newInviteState={newInviteState}
      onNewInvite={() => setNewInviteState('confirming')}
      onKeepInvite={() => setNewInviteState('idle')}
      onConfirmNewInvite={() => {
        setNewInviteState('busy');
        setCopyState('idle');
        client.api.org
          .rotateInvite()
          // The new token reaches the panel through the user (org_invite_token).
          .then(() => client.session.refreshUser())
          .then(
            () => setNewInviteState('done'),
            () => setNewInviteState('failed'),
          );
      }}
      onChoosePlan={(plan, seats) => navigate(subscribePath(plan, seats), onNavigate)}
    />
  );
}
