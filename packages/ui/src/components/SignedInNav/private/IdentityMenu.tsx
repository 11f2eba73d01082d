import { useEffect, useRef, useState } from 'react';
import { Link } from '../../../context/Link';
import { NAVIGATION_STRINGS } from '../../../navigationStrings';
import { ROUTES } from '../../../strings';
import { visuallyHidden } from '../../../theme/baseTheme.css';
import { Avatar } from '../../Avatar/Avatar';
import { useStableId } from '../../private/useStableId';
import type { SignedInPerson } from '../signedInPerson';
import * as css from './IdentityMenu.css';

const N = NAVIGATION_STRINGS;

export interface IdentityMenuProps {
  person: SignedInPerson;
  onLogout: () => void;
  /** Open at first (stories). */
  defaultOpen?: boolean;
}

/**
 * Who I am, one click away on every signed-in page: the avatar opens a panel with the name and
 * @username, and links to Profile, Posts, Dashboard, Settings, then Logout. A disclosure (button
 * with aria-expanded): Tab moves through it, Escape closes it and gives focus back to the button,
 * a click elsewhere or on a link closes it.
 */
export function IdentityMenu({ person, onLogout, defaultOpen = false }: IdentityMenuProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useStableId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const fullName = [person.first_name, person.last_name].filter(Boolean).join(' ');

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it from wherever focus is inside, and gives focus back to the button.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (!rootRef.current?.contains(document.activeElement)) return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={css.root}>
      <button
        ref={buttonRef}
        type="button"
        className={css.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((on) => !on)}
      >
        <span aria-hidden="true" className={css.buttonAvatar}>
          <Avatar
            name={person.username}
            src={person.profile_image}
            colorKey={person.id}
            size="sm"
          />
        </span>
        <span className={css.buttonName} dir="auto">
          {person.username}
        </span>
        <span className={visuallyHidden}>{N.accountMenuSuffix}</span>
      </button>
      <div
        id={panelId}
        className={css.panel}
        hidden={!open}
        // A link followed from the panel closes it (the page changes under it).
        onClickCapture={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        <div className={css.who}>
          <Avatar name={person.username} src={person.profile_image} colorKey={person.id} />
          <div className={css.names}>
            {fullName ? (
              <span className={css.fullName} dir="auto">
                {fullName}
              </span>
            ) : null}
            <span className={fullName ? css.handle : css.fullName} dir="auto">
              {N.handle(person.username)}
            </span>
          </div>
        </div>
        <ul className={css.list}>
          <li>
            <Link href={ROUTES.profile(person.username)} className={css.item}>
              {N.profile}
            </Link>
          </li>
          <li>
            <Link href={ROUTES.posts} className={css.item}>
              {N.posts}
            </Link>
          </li>
          <li>
            <Link href={ROUTES.dashboard} className={css.item}>
              {N.dashboard}
            </Link>
          </li>
          {person.staff || person.moderator ? (
            <li>
              <Link href={ROUTES.moderation} className={css.item}>
                {N.moderation}
              </Link>
            </li>
          ) : null}
          <li>
            <Link href={ROUTES.settings} className={css.item}>
              {N.settings}
            </Link>
          </li>
          <li className={css.separated}>
            <button
              type="button"
              className={css.item}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              {N.logout}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
