import { Link } from '../../context/Link';
import { MODERATION_STRINGS } from '../../moderationStrings';
import { ROUTES } from '../../strings';
import { buttonLink } from '../private/account.css';
import * as page from '../private/NoticePage.css';

const S = MODERATION_STRINGS;

export interface SuspendedScreenProps {
  /** The server's own words when it gave them (sign-in's suspension message, with the end). */
  message?: string | null;
}

/**
 * Shown when the server closed the chat because a moderator suspended the account (issue 29):
 * the session is over and nothing reconnects; the person reads why and can go to sign in, which
 * answers with the suspension's end.
 */
export function SuspendedScreen({ message = null }: SuspendedScreenProps) {
  return (
    <main className={page.page}>
      <h1 className={page.title}>{S.suspendedTitle}</h1>
      <p className={page.text} role="alert">
        {message ?? S.suspendedText}
      </p>
      {message ? <p className={page.text}>{S.suspendedText}</p> : null}
      <Link href={ROUTES.login} className={buttonLink}>
        {S.suspendedBack}
      </Link>
    </main>
  );
}
