import {
  type Capabilities,
  type CurrentUser,
  GENDERS,
  type Gender,
  type RegisterPayload,
  RegistrationError,
} from '@parley/chat-sdk';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { LanguagePicker } from '../../components/LanguagePicker/LanguagePicker';
import { Select } from '../../components/Select/Select';
import { TextField } from '../../components/TextField/TextField';
import { Link } from '../../context/Link';
import { useSessionClient } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as css from '../private/AuthLayout.css';
import * as slot from '../private/languageSwitcherSlot.css';

const S = UI_STRINGS.registration;

export const REGISTRATION_FIELDS = [
  'language',
  'username',
  'gender',
  'email',
  'phone',
  'password',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export type RegistrationValues = Record<RegistrationField, string>;
/** Errors the server reported for fields (RegistrationError.fields). */
export type RegistrationServerErrors = Partial<Record<'username' | 'email', string>>;

const EMPTY: RegistrationValues = {
  language: '',
  username: '',
  gender: '',
  email: '',
  phone: '',
  password: '',
};

const NONE_TOUCHED: Record<RegistrationField, boolean> = {
  language: false,
  username: false,
  gender: false,
  email: false,
  phone: false,
  password: false,
};

/** Spec §5: every field is required and whitespace-only counts as empty; no other rules. */
export function registrationErrors(
  values: RegistrationValues,
): Partial<Record<RegistrationField, string>> {
  const errors: Partial<Record<RegistrationField, string>> = {};
  for (const field of REGISTRATION_FIELDS) {
    if (values[field].trim() === '') errors[field] = S.errors[field];
  }
  return errors;
}

/** The gender choices, in the interface language of the moment they render (not the one at import). */
const genderOptions = () => GENDERS.map((value) => ({ value, label: S.genders[value] }));

export interface RegistrationViewProps {
  busy?: boolean;
  /** Field errors from the server, e.g. { username: 'Username already exists' }. */
  serverErrors?: RegistrationServerErrors;
  /** Called only when all six fields are filled. */
  onSubmit: (payload: RegisterPayload) => void;
  /** Called when the user edits a field that has a server error, so the owner can clear it. */
  onFieldEdit?: (field: RegistrationField) => void;
  defaultValues?: Partial<RegistrationValues>;
  /** What the server can do with each language (GET /meta/capabilities), shown in the picker. */
  capabilities?: Capabilities | null;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/**
 * The registration form (spec §2, §4, §5). Fields are marked touched on blur and all at once on
 * submit; an error shows only for a touched field. There are no length, format or strength rules:
 * the spec shows none and the server is the judge.
 */
export function RegistrationView({
  busy = false,
  serverErrors = {},
  onSubmit,
  onFieldEdit,
  defaultValues,
  capabilities = null,
  languageSwitcher,
}: RegistrationViewProps) {
  const [values, setValues] = useState<RegistrationValues>({ ...EMPTY, ...defaultValues });
  const [touched, setTouched] = useState(NONE_TOUCHED);
  const errors = registrationErrors(values);

  const set = (field: RegistrationField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    onFieldEdit?.(field);
  };
  const touch = (field: RegistrationField) => () => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: RegistrationField): string | undefined => {
    if (!touched[field]) return undefined;
    return (
      errors[field] ?? (field === 'username' || field === 'email' ? serverErrors[field] : undefined)
    );
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({
      language: true,
      username: true,
      gender: true,
      email: true,
      phone: true,
      password: true,
    });
    if (busy || Object.keys(errors).length > 0) return;
    onSubmit({
      username: values.username.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      password: values.password,
      language: values.language,
      gender: values.gender as Gender,
    });
  }

  return (
    <main className={css.page}>
      <div className={css.card}>
        {languageSwitcher ? (
          <div className={slot.languageSwitcherSlot}>{languageSwitcher}</div>
        ) : null}
        <header className={css.header}>
          <h1 className={css.heading}>{S.title}</h1>
          <p className={css.subtitle}>{S.subtitle}</p>
        </header>
        <form className={css.form} onSubmit={submit} noValidate>
          <LanguagePicker
            label={UI_STRINGS.languagePicker.fieldLabel}
            value={values.language}
            onChange={set('language')}
            onBlur={touch('language')}
            error={shown('language')}
            capabilities={capabilities}
          />
          <TextField
            label={S.usernameLabel}
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={set('username')}
            onBlur={touch('username')}
            error={shown('username')}
          />
          <Select<Gender>
            label={S.genderLabel}
            name="gender"
            placeholder={S.genderPlaceholder}
            options={genderOptions()}
            value={values.gender as Gender | ''}
            onChange={set('gender')}
            onBlur={touch('gender')}
            error={shown('gender')}
          />
          <TextField
            label={S.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            onBlur={touch('email')}
            error={shown('email')}
          />
          <TextField
            label={S.phoneLabel}
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
            onBlur={touch('phone')}
            error={shown('phone')}
          />
          <TextField
            label={S.passwordLabel}
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            onBlur={touch('password')}
            error={shown('password')}
          />
          <Button type="submit" fullWidth busy={busy} busyLabel={S.busy}>
            {S.submit}
          </Button>
        </form>
        <p className={css.footer}>
          {S.haveAccount}{' '}
          <Link href={ROUTES.login} className={css.link}>
            {S.login}
          </Link>
        </p>
      </div>
    </main>
  );
}

export interface RegistrationScreenProps {
  /** Called with the new user; the app then goes to /. */
  onRegistered?: (user: CurrentUser) => void;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/**
 * RegistrationView connected to the sdk. Server field errors for username/email show under their
 * fields; any other failure is only logged (spec §8) and the form stays.
 */
export function RegistrationScreen({ onRegistered, languageSwitcher }: RegistrationScreenProps) {
  const client = useSessionClient();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<RegistrationServerErrors>({});
  const [capabilities, setCapabilities] = useState<Capabilities | null>(null);

  // The picker shows what this server translates; without an answer it claims nothing.
  useEffect(() => {
    let cancelled = false;
    client.api.meta.capabilities().then(
      (answer) => {
        if (!cancelled) setCapabilities(answer);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  async function register(payload: RegisterPayload) {
    setBusy(true);
    setServerErrors({});
    try {
      const user = await client.session.register(payload);
      setBusy(false);
      onRegistered?.(user);
    } catch (error) {
      setBusy(false);
      if (!(error instanceof RegistrationError)) {
        console.error('[parley] registration failed', error);
      } else if (error.fields.username || error.fields.email) {
        setServerErrors({ ...error.fields });
      }
      // Other RegistrationErrors show nothing (spec §8); the sdk has already logged them.
    }
  }

  return (
    <RegistrationView
      busy={busy}
      capabilities={capabilities}
      languageSwitcher={languageSwitcher}
      serverErrors={serverErrors}
      onSubmit={(payload) => void register(payload)}
      onFieldEdit={(field) => {
        if (field === 'username' || field === 'email') {
          setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
        }
      }}
    />
  );
}
