import type { ChatThemeName, CurrentUser, PlanName } from '@parley/chat-sdk';
import { type InterfaceLocale, isInterfaceLocale } from '@parley/chat-sdk/i18n';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Avatar } from '../../components/Avatar/Avatar';
import { Button } from '../../components/Button/Button';
import { InterfaceLanguagePicker } from '../../components/InterfaceLanguagePicker/InterfaceLanguagePicker';
import { LanguagePicker } from '../../components/LanguagePicker/LanguagePicker';
import { NeverTranslatedWords } from '../../components/NeverTranslated/NeverTranslatedWords';
import { QrCode } from '../../components/QrCode/QrCode';
import { SubscriptionStatus } from '../../components/SubscriptionStatus/SubscriptionStatus';
import { ThemePicker } from '../../components/ThemePicker/ThemePicker';
import { Link } from '../../context/Link';
import { useParleyClient, useSession } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import { DriveBackup } from '../GoogleDrive/DriveBackup';
import * as css from '../private/account.css';
import { currentOrigin, navigate, subscribePath } from '../private/navigation';
import { AccountControls } from './AccountControls';
import { BlockedPeople } from './BlockedPeople';

const S = ACCOUNT_STRINGS.settings;

/** This device's notifications (the app manages permission and Web Push; see issue 14). */
export interface DeviceNotificationsControl {
  /**
   * on/off: this device's choice; blocked: the browser refused permission (the switch stays off);
   * unsupported: no notifications in this browser.
   */
  state: 'on' | 'off' | 'blocked' | 'unsupported';
  /** Notifications work while open, but Web Push is not available here. */
  pushUnavailable?: boolean;
  busy?: boolean;
  /** Turning on asks the browser's permission (a person's action, as browsers require). */
  onChange: (on: boolean) => void;
}

export interface SettingsViewProps {
  user: CurrentUser;
  /** The site origin for the profile QR code, e.g. 'https://parley.example'. */
  origin: string;
  uploading?: boolean;
  uploadError?: string | null;
  onLanguageChange: (name: string) => void;
  /**
   * Issue 27: the interface language chosen apart from the chat language (null: Automatic).
   * The 'Interface language' field is shown when onInterfaceLanguageChange is given.
   */
  interfaceLanguage?: InterfaceLocale | null;
  /** A locale, or null to follow the chat language (else the browser) again. */
  onInterfaceLanguageChange?: (locale: InterfaceLocale | null) => void;
  onMuteSoundsChange: (on: boolean) => void;
  onVoiceOutputChange: (on: boolean) => void;
  /** Link preview cards on or off (issue 25); the switch is hidden when omitted. */
  onLinkPreviewsChange?: (on: boolean) => void;
  /** Issue 25: the read receipts switch (shown when given: a Parley server that offers it). */
  onReadReceiptsChange?: (on: boolean) => void;
  onThemeChange: (theme: ChatThemeName) => void;
  /** An image file was picked (other files are refused before this is called). */
  onImageSelected: (file: File) => void;
  onChoosePlan: (plan: Exclude<PlanName, 'free'>, seats: number) => void;
  onLogout: () => void;
  /** Open the theme picker and QR code sections at first (stories). */
  expanded?: boolean;
  /** The per-device notifications switch; hidden when omitted. */
  deviceNotifications?: DeviceNotificationsControl;
  /**
   * The blocked-people list, shown (and so loaded) once its section is opened; the section is
   * hidden when omitted.
   */
  blockedPeople?: ReactNode;
  /** File backup to Google Drive, shown (and so loaded) once its section is opened. */
  fileBackup?: ReactNode;
  /** Issue 26: 'Words never translated', shown (and so loaded) once its section is opened. */
  neverTranslated?: ReactNode;
  /** Change password, download my data and delete account, shown once its section is opened. */
  accountControls?: ReactNode;
}

/** The settings screen (spec §2) as a pure view. */
export function SettingsView({
  user,
  origin,
  uploading = false,
  uploadError = null,
  onLanguageChange,
  interfaceLanguage = null,
  onInterfaceLanguageChange,
  onMuteSoundsChange,
  onVoiceOutputChange,
  onLinkPreviewsChange,
  onReadReceiptsChange,
  onThemeChange,
  onImageSelected,
  onChoosePlan,
  onLogout,
  expanded = false,
  deviceNotifications,
  blockedPeople,
  fileBackup,
  neverTranslated,
  accountControls,
}: SettingsViewProps) {
  const [typeError, setTypeError] = useState<string | null>(null);
  const profileUrl = `${origin}${ROUTES.profile(user.username)}`;

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setTypeError(S.imageOnly);
      return;
    }
    setTypeError(null);
    onImageSelected(file);
  }

  const imageError = typeError ?? uploadError;
  return (
    <main className={css.page}>
      <div className={css.column}>
        <header className={css.header}>
          <h1 className={css.title}>{S.title}</h1>
          <Link href={ROUTES.notifications} className={css.link}>
            {S.notifications}
          </Link>
        </header>

        <section className={css.card} aria-label={S.profileImage}>
          <div className={css.row}>
            <Avatar name={user.username} colorKey={user.id} src={user.profile_image} size="lg" />
            <strong>{user.username}</strong>
          </div>
          <label className={css.row}>
            <span>{S.changeImage}</span>
            <input
              type="file"
              accept="image/*"
              onChange={pick}
              disabled={uploading}
              aria-describedby={imageError ? 'settings-image-error' : undefined}
            />
          </label>
          {uploading ? (
            <p className={css.muted} role="status">
              {S.uploading}
            </p>
          ) : null}
          {imageError ? (
            <p id="settings-image-error" className={css.error} role="alert">
              {imageError}
            </p>
          ) : null}
        </section>

        <section className={css.card}>
          <LanguagePicker label={S.language} value={user.language} onChange={onLanguageChange} />
          {onInterfaceLanguageChange ? (
            <InterfaceLanguagePicker
              value={interfaceLanguage}
              onChange={onInterfaceLanguageChange}
              allowAutomatic
            />
          ) : null}
          <label className={css.toggle}>
            <span>{S.muteSounds}</span>
            <input
              className={css.checkbox}
              type="checkbox"
              role="switch"
              checked={user.mute_sounds}
              aria-checked={user.mute_sounds}
              onChange={(event) => onMuteSoundsChange(event.target.checked)}
            />
          </label>
          <label className={css.toggle}>
            <span>
              {S.voiceResponse}
              <br />
              <small className={css.muted}>{S.voiceResponseHint}</small>
            </span>
            <input
              className={css.checkbox}
              type="checkbox"
              role="switch"
              checked={user.voice_output_enabled}
              aria-checked={user.voice_output_enabled}
              onChange={(event) => onVoiceOutputChange(event.target.checked)}
            />
          </label>
          {onLinkPreviewsChange ? (
            <label className={css.toggle}>
              <span>
                {UI_STRINGS.links.setting}
                <br />
                <small className={css.muted}>{UI_STRINGS.links.settingHint}</small>
              </span>
              <input
                className={css.checkbox}
                type="checkbox"
                role="switch"
                checked={user.link_previews !== false}
                aria-checked={user.link_previews !== false}
                onChange={(event) => onLinkPreviewsChange(event.target.checked)}
              />
            </label>
          ) : null}
          {onReadReceiptsChange ? (
            <label className={css.toggle}>
              <span>
                {UI_STRINGS.receipts.setting}
                <br />
                <small className={css.muted}>{UI_STRINGS.receipts.settingHint}</small>
              </span>
              <input
                className={css.checkbox}
                type="checkbox"
                role="switch"
                checked={user.read_receipts !== false}
                aria-checked={user.read_receipts !== false}
                onChange={(event) => onReadReceiptsChange(event.target.checked)}
              />
            </label>
          ) : null}
        </section>

        {deviceNotifications ? <DeviceNotificationsSwitch control={deviceNotifications} /> : null}

        <details className={css.card} open={expanded || undefined}>
          <summary className={css.summary}>{S.chatTheme}</summary>
          <ThemePicker value={user.chat_theme} onChange={onThemeChange} />
        </details>

        <details className={css.card} open={expanded || undefined}>
          <summary className={css.summary}>{S.qrCode}</summary>
          <QrCode value={profileUrl} label={S.qrLabel(profileUrl)} size={160} level="H" />
          <p className={css.muted}>{profileUrl}</p>
        </details>

        {neverTranslated ? (
          <LazySection title={UI_STRINGS.neverTranslated.title} open={expanded}>
            {neverTranslated}
          </LazySection>
        ) : null}

        {blockedPeople ? (
          <LazySection title={UI_STRINGS.blockedPeople.title} open={expanded}>
            {blockedPeople}
          </LazySection>
        ) : null}

        {fileBackup ? (
          <LazySection title={ACCOUNT_STRINGS.drive.backupTitle} open={expanded}>
            {fileBackup}
          </LazySection>
        ) : null}

        <section className={css.card} aria-labelledby="settings-subscription">
          <h2 id="settings-subscription" className={css.cardTitle}>
            {S.subscription}
          </h2>
          <SubscriptionStatus user={user} onChoose={onChoosePlan} />
        </section>

        <nav className={css.card} aria-label={S.links}>
          <ul className={css.list}>
            <li>
              <Link href={ROUTES.dashboard} className={css.link}>
                {S.dashboard}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.privacy} className={css.link}>
                {S.privacy}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.terms} className={css.link}>
                {S.terms}
              </Link>
            </li>
          </ul>
        </nav>

        {accountControls ? (
          <LazySection title={ACCOUNT_STRINGS.accountControls.title} open={expanded}>
            {accountControls}
          </LazySection>
        ) : null}

        <div>
          <Button variant="danger" onClick={onLogout}>
            {S.logout}
          </Button>
        </div>
      </div>
    </main>
  );
}

function DeviceNotificationsSwitch({ control }: { control: DeviceNotificationsControl }) {
  const on = control.state === 'on';
  const unavailable = control.state === 'blocked' || control.state === 'unsupported';
  let note: string | null = null;
  if (control.state === 'blocked') note = S.deviceNotificationsBlocked;
  else if (control.state === 'unsupported') note = S.deviceNotificationsUnsupported;
  else if (on && control.pushUnavailable) note = S.deviceNotificationsNoPush;
  return (
    <section className={css.card} aria-label={S.deviceNotifications}>
      <label className={css.toggle}>
        <span>
          {S.deviceNotifications}
          <br />
          <small className={css.muted} id="settings-device-notifications-hint">
            {S.deviceNotificationsHint}
          </small>
        </span>
        <input
          className={css.checkbox}
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={unavailable || control.busy}
          aria-describedby="settings-device-notifications-hint"
          onChange={(event) => control.onChange(event.target.checked)}
        />
      </label>
      {note ? (
        <p className={css.muted} role="status">
          {note}
        </p>
      ) : null}
    </section>
  );
}

/** A collapsible section whose content mounts (and so loads) only once it is opened. */
function LazySection({
  title,
  open,
  children,
}: {
  title: string;
  open: boolean;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details
      className={css.card}
      open={isOpen || undefined}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className={css.summary}>{title}</summary>
      {isOpen ? children : null}
    </details>
  );
}

export interface SettingsScreenProps {
  /** After logout (the app goes to /login). */
  onSignedOut?: () => void;
  /** App routers navigate here (plan checkout); default: the browser. */
  onNavigate?: (path: string) => void;
  origin?: string;
  /** The per-device notifications switch (the app provides it). */
  deviceNotifications?: DeviceNotificationsControl;
  /**
   * Runs before signing out, while the session still holds (the app stops this device's Web Push,
   * so the next person to use it does not get the previous one's messages).
   */
  beforeSignOut?: () => Promise<void>;
  /**
   * After the account was deleted and the session cleared; default: the sign-in page. The app
   * says there that the account was deleted (ACCOUNT_STRINGS.accountControls.deleted).
   */
  onAccountDeleted?: () => void;
  /**
   * Issue 27: the interface language shown as chosen; defaults to the profile's
   * `interface_language` (a Parley extension; null or absent: Automatic).
   */
  interfaceLanguage?: InterfaceLocale | null;
  /**
   * Issue 27: a choice in 'Interface language' (a locale, or null for Automatic). The app saves it
   * and switches the interface; the field is hidden when omitted.
   */
  onInterfaceLanguageChange?: (locale: InterfaceLocale | null) => void;
}

/**
 * Settings connected to the sdk: toggles, theme and language apply in the interface at once and
 * are then saved (a failed save is logged; the next load shows the truth).
 */
export function SettingsScreen({
  onSignedOut,
  onNavigate,
  origin,
  deviceNotifications,
  beforeSignOut,
  onAccountDeleted,
  interfaceLanguage,
  onInterfaceLanguageChange,
}: SettingsScreenProps) {
  const client = useParleyClient();
  const { user } = useSession();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  if (!user) return null;
  return (
    <SettingsView
      user={user as CurrentUser}
      origin={origin ?? currentOrigin()}
      deviceNotifications={deviceNotifications}
      blockedPeople={<BlockedPeople />}
      // Parley servers send read_receipts; a spec-only backend has no glossary: no section.
      neverTranslated={user.read_receipts === undefined ? undefined : <NeverTranslatedWords />}
      fileBackup={<DriveBackup onNavigate={onNavigate} />}
      accountControls={
        <AccountControls
          onDeleted={() => {
            if (onAccountDeleted) onAccountDeleted();
            else navigate(ROUTES.login, onNavigate);
          }}
        />
      }
      uploading={uploading}
      uploadError={uploadError}
      interfaceLanguage={
        interfaceLanguage !== undefined
          ? interfaceLanguage
          : isInterfaceLocale(user.interface_language)
            ? user.interface_language
            : null
      }
      onInterfaceLanguageChange={onInterfaceLanguageChange}
      onLanguageChange={(name) => void client.session.setLanguage(name)}
      onMuteSoundsChange={(on) => void client.session.setMuteSounds(on)}
      onVoiceOutputChange={(on) => void client.session.setVoiceOutput(on)}
      onLinkPreviewsChange={(on) => void client.session.setLinkPreviews(on)}
      onReadReceiptsChange={
        // Only a server that knows the setting sends it (a spec-only backend: no switch).
        user.read_receipts === undefined
          ? undefined
          : (on) => void client.session.setReadReceipts(on)
      }
      onThemeChange={(theme) => void client.session.setChatTheme(theme)}
      onImageSelected={(file) => {
        setUploading(true);
        setUploadError(null);
        client.session
          .setProfileImage(file)
          .catch(() => setUploadError(S.uploadFailed))
          .finally(() => setUploading(false));
      }}
      onChoosePlan={(plan, seats) => navigate(subscribePath(plan, seats), onNavigate)}
      onLogout={() => {
        void (beforeSignOut?.() ?? Promise.resolve())
          .catch(() => undefined)
          .then(() => client.session.signOut())
          .then(() => {
            if (onSignedOut) onSignedOut();
            else navigate(ROUTES.login, onNavigate);
          });
      }}
    />
  );
}
