import type { ReactNode } from 'react';
import { Link } from '../../context/Link';
import { NAVIGATION_STRINGS } from '../../navigationStrings';
import { ROUTES } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { IdentityMenu } from './private/IdentityMenu';
import { ChatsIcon, DashboardIcon, PostsIcon, SettingsIcon } from './private/navIcons';
import * as css from './SignedInNav.css';
import type { SignedInPerson } from './signedInPerson';

const N = NAVIGATION_STRINGS;

export type { SignedInPerson } from './signedInPerson';

export interface SignedInNavProps {
  person: SignedInPerson;
  /** The path being shown, so its section is marked aria-current="page". */
  currentPath: string;
  onLogout: () => void;
  /** The identity menu open at first (stories). */
  menuOpen?: boolean;
}

type Section = 'chats' | 'posts' | 'dashboard' | 'profile' | 'settings' | null;

/** Which section a path belongs to (the chat is home: '/', '/chat', '/groups'). */
export function sectionOf(path: string, username: string): Section {
  if (path === '/' || path === ROUTES.chat || path === ROUTES.groups) return 'chats';
  if (path === ROUTES.posts || path === ROUTES.addPost) return 'posts';
  if (path === ROUTES.dashboard) return 'dashboard';
  if (path === ROUTES.profile(username)) return 'profile';
  if (path === ROUTES.settings) return 'settings';
  return null;
}

/**
 * The way around every signed-in page: a top bar with the way back to the chats, Posts and the
 * Dashboard and the identity menu (who I am, Profile, Posts, Dashboard, Settings, Logout); on
 * phones a bottom bar instead (Chats, Posts, Dashboard, Profile, Settings), hidden while a
 * conversation is open so the composer keeps the screen's foot, as WhatsApp and Signal do. The
 * bars' heights are published as --parley-nav-top / --parley-nav-bottom for full-height screens.
 */
export function SignedInNav({ person, currentPath, onLogout, menuOpen }: SignedInNavProps) {
  const section = sectionOf(currentPath, person.username);
  const current = (name: Section) => (section === name ? ('page' as const) : undefined);
  const tab = (name: Section, href: string, icon: ReactNode, label: string) => (
    <li>
      <Link href={href} className={css.tab} aria-current={current(name)}>
        {icon}
        <span>{label}</span>
      </Link>
    </li>
  );
  return (
    <>
      <header className={css.topBar}>
        <nav aria-label={N.mainNav} className={css.topNav}>
          <ul className={css.topLinks}>
            <li>
              <Link href={ROUTES.home} className={css.topLink} aria-current={current('chats')}>
                {N.chats}
              </Link>
            </li>
            <li>
              <Link href={ROUTES.posts} className={css.topLink} aria-current={current('posts')}>
                {N.posts}
              </Link>
            </li>
            <li>
              <Link
                href={ROUTES.dashboard}
                className={css.topLink}
                aria-current={current('dashboard')}
              >
                {N.dashboard}
              </Link>
            </li>
          </ul>
        </nav>
        <IdentityMenu person={person} onLogout={onLogout} defaultOpen={menuOpen} />
      </header>
      <nav aria-label={N.bottomNav} className={css.bottomBar}>
        <ul className={css.tabs}>
          {tab('chats', ROUTES.home, <ChatsIcon />, N.chats)}
          {tab('posts', ROUTES.posts, <PostsIcon />, N.posts)}
          {tab('dashboard', ROUTES.dashboard, <DashboardIcon />, N.dashboard)}
          {tab(
            'profile',
            ROUTES.profile(person.username),
            // The tab's label names it; the picture only shows whose profile it is.
            <span aria-hidden="true" className={css.tabAvatar}>
              <Avatar
                name={person.username}
                src={person.profile_image}
                colorKey={person.id}
                size="sm"
              />
            </span>,
            N.profile,
          )}
          {tab('settings', ROUTES.settings, <SettingsIcon />, N.settings)}
        </ul>
      </nav>
    </>
  );
}
