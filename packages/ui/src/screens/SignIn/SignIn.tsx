import { ApiError, type CurrentUser, SDK_MESSAGES } from '@parley/chat-sdk';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { Logo } from '../../components/Logo/Logo';
import { useStableId } from '../../components/private/useStableId';
import { TextField } from '../../components/TextField/TextField';
import { Link } from '../../context/Link';
import { useProductName, useSessionClient } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import * as css from '../private/AuthLayout.css';
import * as slot from '../private/languageSwitcherSlot.css';

const S = UI_STRINGS.signIn;

export interface SignInCredentials {
  usernameOrEmail: string;
  password: string;
}

export interface SignInViewProps {
  productName: string;
  /** While busy the button reads 'Signing in...' and is disabled. */
  busy?: boolean;
  /** The message to show, e.g. SDK_MESSAGES.invalidCredentials. */
  error?: string | null;
  /** Sends whatever is typed: the spec has no client-side validation for sign-in. */
  onSubmit: (credentials: SignInCredentials) => void;
  defaultUsername?: string;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/**
 * The sign-in form (spec §2). 'Forgot password?' leads nowhere in the spec; it is rendered as an
 * aria-disabled button that explains this, rather than a link to a page that does not exist.
 */
export function SignInView({
  productName,
  busy = false,
  error,
  onSubmit,
  defaultUsername = '',
  languageSwitcher,
}: SignInViewProps) {
  const [usernameOrEmail, setUsernameOrEmail] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const forgotHintId = useStableId();
  const errorId = useStableId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    onSubmit({ usernameOrEmail, password });
  }

  return (
    <main className={css.page}>
      <div className={css.card}>
        {languageSwitcher ? (
          <div className={slot.languageSwitcherSlot}>{languageSwitcher}</div>
        ) : null}
        <header className={css.header}>
          <Logo productName={productName} size="lg" markOnly />
          <h1 className={css.heading}>{S.heading(productName)}</h1>
          <p className={css.subtitle}>{S.welcome}</p>
        </header>
        <form
          className={css.form}
          onSubmit={submit}
          noValidate
          aria-describedby={error ? errorId : undefined}
        >
          <TextField
            label={S.usernameLabel}
            hideLabel
            placeholder={S.usernamePlaceholder}
            value={usernameOrEmail}
            onChange={setUsernameOrEmail}
            name="username"
            autoComplete="username"
          />
          <TextField
            label={S.passwordLabel}
            hideLabel
            type="password"
            placeholder={S.passwordPlaceholder}
            value={password}
            onChange={setPassword}
            name="password"
            autoComplete="current-password"
          />
          <div className={css.inlineEnd}>
            <button
              type="button"
              className={css.disabledLink}
              aria-disabled="true"
              aria-describedby={forgotHintId}
            >
              {S.forgotPassword}
            </button>
            <span id={forgotHintId} className={visuallyHidden}>
              {S.forgotPasswordUnavailable}
            </span>
          </div>
          {error ? (
            <p id={errorId} className={css.formError} role="alert">
              {error}
            </p>
          ) : null}
          <Button type="submit" fullWidth busy={busy} busyLabel={S.busy}>
            {S.submit}
          </Button>
        </form>
        <p className={css.footer}>
          <Link href={ROUTES.register} className={css.link}>
            {`${S.noAccount} ${S.signUp}`}
          </Link>
        </p>
      </div>
    </main>
  );
}

export interface SignInScreenProps {
  /** Called with the signed-in user; the app then navigates (pending plan or /). */
  onSignedIn?: (user: CurrentUser) => void;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/** SignInView connected to the sdk session: busy while the request runs, any failure shows one message. */
export function SignInScreen({ onSignedIn, languageSwitcher }: SignInScreenProps) {
  const client = useSessionClient();
  const productName = useProductName();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn({ usernameOrEmail, password }: SignInCredentials) {
    setBusy(true);
    setError(null);
    try {
      const user = await client.session.signIn(usernameOrEmail, password);
      setBusy(false);
      onSignedIn?.(user);
    } catch (failure) {
      // Sign-in failure of any kind shows the same message (spec §8), except a suspended account
      // (issue 29, 403 with the server's words and the suspension's end): the person must know.
      setBusy(false);
      const cause = failure instanceof Error ? failure.cause : null;
      setError(
        cause instanceof ApiError && cause.status === 403 && cause.detail
          ? cause.detail
          : SDK_MESSAGES.invalidCredentials,
      );
    }
  }

  return (
    <SignInView
      productName={productName}
      busy={busy}
      error={error}
      onSubmit={(c) => void signIn(c)}
      languageSwitcher={languageSwitcher}
    />
  );
}
