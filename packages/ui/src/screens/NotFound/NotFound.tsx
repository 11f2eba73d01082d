import { Link } from '../../context/Link';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as page from '../private/NoticePage.css';
import * as css from './NotFound.css';

const S = UI_STRINGS.notFound;

/** The not-found screen (spec §2): large 404, title, text and a link home. */
export function NotFoundView() {
  return (
    <main className={page.page}>
      <p className={css.code}>{S.code}</p>
      <h1 className={page.title}>{S.title}</h1>
      <p className={page.text}>{S.text}</p>
      <Link href={ROUTES.home} className={css.home}>
        {S.home}
      </Link>
    </main>
  );
}

/** Same as NotFoundView; it reads nothing from the sdk, the link uses the provider's router link. */
export function NotFoundScreen() {
  return <NotFoundView />;
}
