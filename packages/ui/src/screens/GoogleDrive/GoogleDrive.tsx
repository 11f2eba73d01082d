import {
  DRIVE_CONNECT_ERRORS,
  type DriveConnectError,
  takePreviousChatUrl,
} from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { Link } from '../../context/Link';
import { useParleyClient } from '../../context/ParleyProvider';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { navigate } from '../private/navigation';
import { DriveBackup } from './DriveBackup';

const S = ACCOUNT_STRINGS.drive;

/** /google-drive/login on a server without a Drive connection: says so plainly. */
export function GoogleDriveNotSetUpScreen() {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card}>
          <h1 className={css.title}>{S.notSetUpTitle}</h1>
          <p className={css.text}>{S.notSetUpText}</p>
          <Link href={ROUTES.home} className={css.link}>
            {S.backToChat}
          </Link>
        </section>
      </div>
    </main>
  );
}

export interface GoogleDriveLoginScreenProps {
  /** The `?error=` the server sent the person back with; shown instead of redirecting again. */
  error?: string | null;
  /** Where the consent page is opened; default the browser (`location.assign`). */
  onRedirect?: (url: string) => void;
}

type LoginState = { kind: 'working' } | { kind: 'notSetUp' } | { kind: 'failed'; message: string };

function connectErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return (DRIVE_CONNECT_ERRORS as readonly string[]).includes(code)
    ? S.connectErrors[code as DriveConnectError]
    : S.connectErrors.failed;
}

/**
 * /google-drive/login (spec §2): sends the browser to Google's consent page; says plainly when
 * the server has no Drive connection, and why a connection just failed (with Try again).
 */
export function GoogleDriveLoginScreen({ error, onRedirect }: GoogleDriveLoginScreenProps) {
  const client = useParleyClient();
  const returned = connectErrorMessage(error);
  const [state, setState] = useState<LoginState>(
    returned ? { kind: 'failed', message: returned } : { kind: 'working' },
  );

  const start = useCallback(async () => {
    setState({ kind: 'working' });
    try {
      const status = await client.api.drive.status();
      if (!status.configured) {
        setState({ kind: 'notSetUp' });
        return;
      }
      const { url } = await client.api.drive.authorize();
      (onRedirect ?? ((to: string) => window.location.assign(to)))(url);
    } catch (cause) {
      console.warn('[parley] could not start connecting Google Drive', cause);
      setState({ kind: 'failed', message: S.connectFailed });
    }
  }, [client, onRedirect]);

  useEffect(() => {
    if (!returned) void start();
  }, [returned, start]);

  if (state.kind === 'notSetUp') return <GoogleDriveNotSetUpScreen />;
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card}>
          <h1 className={css.title}>{S.connectTitle}</h1>
          {state.kind === 'working' ? (
            <p className={css.muted} role="status">
              {S.redirecting}
            </p>
          ) : (
            <>
              <p className={css.error} role="alert">
                {state.message}
              </p>
              <div className={css.row}>
                <Button onClick={() => void start()}>{S.tryAgain}</Button>
                <Link href={ROUTES.home} className={css.link}>
                  {S.backToChat}
                </Link>
              </div>
            </>
          )}
        </section>
      </div>
    </main>
  );
}

export interface GoogleDriveSuccessScreenProps {
  onNavigate?: (path: string) => void;
}

/**
 * /google-drive/success: 'Google Drive Connected!' and 'Back to Chat' (stored previousChatUrl or
 * /), with the backup itself right there — once the server says Drive is set up and connected. On
 * a server without Google credentials it says file backup is not set up instead (the address can
 * be typed by anyone), and while the status loads it claims nothing.
 */
export function GoogleDriveSuccessScreen({ onNavigate }: GoogleDriveSuccessScreenProps) {
  const client = useParleyClient();
  const [setUp, setSetUp] = useState<'loading' | 'yes' | 'no' | 'unknown'>('loading');
  useEffect(() => {
    let live = true;
    client.api.drive.status().then(
      (status) => {
        if (live) setSetUp(status.configured ? 'yes' : 'no');
      },
      // The backup panel says it could not load, with Retry; the title stays neutral.
      () => {
        if (live) setSetUp('unknown');
      },
    );
    return () => {
      live = false;
    };
  }, [client]);
  if (setUp === 'no') return <GoogleDriveNotSetUpScreen />;
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card}>
          <h1 className={css.title}>{setUp === 'yes' ? S.connected : S.backupTitle}</h1>
          <div>
            <Button
              onClick={() => {
                void takePreviousChatUrl().then((url) => navigate(url ?? ROUTES.home, onNavigate));
              }}
            >
              {S.backToChat}
            </Button>
          </div>
        </section>
        {setUp === 'yes' || setUp === 'unknown' ? (
          <section className={css.card} aria-labelledby="drive-backup-title">
            <h2 id="drive-backup-title" className={css.cardTitle}>
              {S.backupTitle}
            </h2>
            <DriveBackup onNavigate={onNavigate} />
          </section>
        ) : null}
      </div>
    </main>
  );
}
