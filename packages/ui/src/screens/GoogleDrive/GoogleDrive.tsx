import { takePreviousChatUrl } from '@parley/chat-sdk';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { Button } from '../../components/Button/Button';
import { Link } from '../../context/Link';
import { ROUTES } from '../../strings';
import * as css from '../private/account.css';
import { navigate } from '../private/navigation';

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

export interface GoogleDriveSuccessScreenProps {
  onNavigate?: (path: string) => void;
}

/** /google-drive/success: 'Google Drive Connected!' and 'Back to Chat' (stored previousChatUrl or /). */
export function GoogleDriveSuccessScreen({ onNavigate }: GoogleDriveSuccessScreenProps) {
  return (
    <main className={css.page}>
      <div className={css.column}>
        <section className={css.card}>
          <h1 className={css.title}>{S.connected}</h1>
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
      </div>
    </main>
  );
}
