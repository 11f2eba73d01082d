import {
  ApiError,
  type ConnectionStatus,
  type Post,
  type Profile,
  type UserSummary,
} from '@parley/chat-sdk';
import { useCallback, useEffect, useState } from 'react';
import { Avatar } from '../../components/Avatar/Avatar';
import { Badge } from '../../components/Badge/Badge';
import { Button } from '../../components/Button/Button';
import { InfiniteList } from '../../components/InfiniteList/InfiniteList';
import { PostTile } from '../../components/PostTile/PostTile';
import { fullName } from '../../components/private/PersonRow';
import { ReportDialog } from '../../components/ReportDialog/ReportDialog';
import { useToast } from '../../components/Toast/ToastProvider';
import { TranslatedBio } from '../../components/TranslatedBio/TranslatedBio';
import { Link } from '../../context/Link';
import { useParleyClient, useSdkState, useSession } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import * as page from '../private/SocialPage.css';
import { usePagedList } from '../private/usePagedList';
import * as css from './ProfileScreen.css';

const S = UI_STRINGS.profile;
const R = UI_STRINGS.report;

export interface ProfileScreenProps {
  username: string;
  /** Chat opens the chat screen with that user (the app passes it as navigation state). */
  onOpenChat: (user: UserSummary) => void;
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; profile: Profile };

/**
 * The profile's posts: the newest ones its answer carries, then older ones a page at a time as
 * the end of the grid scrolls into view (a cursor after the last post shown).
 */
function ProfilePosts({ profile }: { profile: Profile }) {
  const client = useParleyClient();
  const last = profile.posts.at(-1)?.id ?? 0;
  const more = profile.post_count > profile.posts.length;
  const open = useCallback(
    () => client.api.posts.olderProfilePosts(profile.username, last),
    [client, profile.username, last],
  );
  const older = usePagedList<Post>(open, (post) => post.id, S.olderPostsFailed, {
    autoStart: more,
  });
  const shown = new Set(profile.posts.map((post) => post.id));
  const posts = [...profile.posts, ...older.items.filter((post) => !shown.has(post.id))];
  return (
    <InfiniteList
      label={S.postsLabel}
      count={posts.length}
      loading={more && older.loading}
      hasMore={more && older.hasMore}
      error={more ? older.error : null}
      emptyText={S.noPosts}
      loadingText={S.loadingOlderPosts}
      onLoadMore={older.loadMore}
      scroll="page"
      layout="tiles"
    >
      {posts.map((post) => (
        <li key={post.id}>
          <PostTile post={post} />
        </li>
      ))}
    </InfiniteList>
  );
}

/**
 * Profile (/user/:username, spec §2). The owner edits the bio (saved on blur) and sees the
 * notifications and add-post links; others see Connect / Pending / Chat, block and report.
 */
export function ProfileScreen({ username, onOpenChat }: ProfileScreenProps) {
  const client = useParleyClient();
  const session = useSession();
  const connections = useSdkState(client.connections.state);
  const toast = useToast();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [bio, setBio] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);

  // Live connection frames (requests, acceptances) arrive over the socket while this is shown.
  useEffect(() => client.socket.connect(), [client]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    client.api.posts.profile(username, { signal: controller.signal }).then(
      (profile) => {
        setLoad({ state: 'ready', profile });
        setBio(profile.profile_info ?? '');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[parley] could not load the profile', error);
        setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [client, username]);

  const profile = load.state === 'ready' ? load.profile : null;
  const isOwner = profile !== null && profile.id === session.user?.id;
  const profileId = profile?.id ?? null;

  useEffect(() => {
    if (profileId === null || isOwner) return;
    client.connections.loadStatus(profileId).catch((error: unknown) => {
      // Spec §8: connection fetches fail silently.
      console.warn('[parley] could not load the connection status', error);
    });
  }, [client, profileId, isOwner]);

  useEffect(() => {
    if (isOwner) void client.connections.refreshPendingCount();
  }, [client, isOwner]);

  const status: ConnectionStatus | undefined =
    profileId === null ? undefined : connections.statuses[profileId];

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      console.warn('[parley] connection action failed', error);
      // A limit (429, e.g. a new account's first-day requests, issue 29) says why in its detail.
      const limited = error instanceof ApiError && error.status === 429 && error.detail;
      toast.show({ message: limited || S.actionFailed, tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function saveBio() {
    if (!profile || bio === (profile.profile_info ?? '')) return;
    try {
      await client.session.setProfileInfo(bio);
      setLoad({ state: 'ready', profile: { ...profile, profile_info: bio } });
      setSaved(true);
    } catch (error) {
      // Spec §8: the bio update fails silently (console only).
      console.warn('[parley] could not save the bio', error);
    }
  }

  let body: React.ReactNode;
  if (load.state === 'loading') {
    body = (
      <p className={page.note} role="status">
        {UI_STRINGS.social.loading}
      </p>
    );
  } else if (load.state === 'error' || !profile) {
    body = (
      <p className={page.error} role="alert">
        {S.loadFailed}
      </p>
    );
  } else {
    const name = fullName(profile);
    /** Block or unblock: the profile, the toast and the connection status follow. */
    const setBlocked = (blocked: boolean) =>
      run(async () => {
        if (blocked) await client.api.connections.block(profile.id);
        else await client.api.connections.unblock(profile.id);
        setLoad({ state: 'ready', profile: { ...profile, blocked } });
        const message = blocked ? S.blocked(profile.username) : S.unblocked(profile.username);
        toast.show({ message, tone: 'info' });
        await client.connections.loadStatus(profile.id);
      });
    const summary: UserSummary = {
      id: profile.id,
      username: profile.username,
      profile_image: profile.profile_image,
      first_name: profile.first_name,
      last_name: profile.last_name,
      followers_count: profile.followers_count,
    };
    let action: React.ReactNode = null;
    if (!isOwner && profile.blocked) {
      action = (
        <Button variant="secondary" busy={busy} onClick={() => void setBlocked(false)}>
          {S.unblock}
        </Button>
      );
    } else if (!isOwner) {
      if (status?.status === 'accepted') {
        action = <Button onClick={() => onOpenChat(summary)}>{S.chat}</Button>;
      } else if (status?.status === 'pending' && status.direction === 'received') {
        action = (
          <Link href={ROUTES.notifications} className={page.link}>
            {S.respond}
          </Link>
        );
      } else if (status?.status === 'pending') {
        action = (
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => void run(() => client.connections.cancel(profile.id))}
          >
            {S.pending}
          </Button>
        );
      } else if (status) {
        action = (
          <Button
            busy={busy}
            onClick={() => void run(() => client.connections.connect(profile.id))}
          >
            {S.connect}
          </Button>
        );
      }
    }
    body = (
      <>
        <section className={css.head} aria-label={profile.username}>
          <Avatar
            name={profile.username}
            colorKey={profile.id}
            src={profile.profile_image}
            size="xl"
          />
          <div className={css.identity}>
            <h1 className={css.username} dir="auto">
              {profile.username}
            </h1>
            {name ? (
              <p className={page.note} dir="auto">
                {name}
              </p>
            ) : null}
            <ul className={css.counts}>
              <li>{UI_STRINGS.social.posts(profile.post_count)}</li>
              <li>{UI_STRINGS.social.followers(profile.followers_count)}</li>
              <li>{UI_STRINGS.social.following(profile.following_count)}</li>
            </ul>
            <div className={css.actions}>
              {action}
              {profile.blocked ? (
                <span className={page.note}>{S.blockedNote}</span>
              ) : status?.status === 'pending' && status.direction !== 'received' ? (
                <span className={page.note}>{S.pendingHint}</span>
              ) : null}
              {!isOwner ? (
                <>
                  {profile.blocked ? null : (
                    <Button variant="ghost" size="sm" onClick={() => void setBlocked(true)}>
                      {S.block}
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => setReportOpen(true)}>
                    {S.report}
                  </Button>
                </>
              ) : null}
            </div>
          </div>
        </section>
        {isOwner ? (
          <div className={css.bio}>
            <label htmlFor="parley-bio" className={css.label}>
              {S.bioLabel}
            </label>
            <textarea
              id="parley-bio"
              className={css.textarea}
              value={bio}
              maxLength={500}
              dir="auto"
              aria-describedby="parley-bio-hint"
              onChange={(event) => {
                setBio(event.currentTarget.value);
                setSaved(false);
              }}
              onBlur={() => void saveBio()}
            />
            <p id="parley-bio-hint" className={page.note}>
              {S.bioHint} {saved ? <span role="status">{S.bioSaved}</span> : null}
            </p>
          </div>
        ) : (
          <TranslatedBio
            bio={profile.profile_info ?? ''}
            translation={profile.bio_translation}
            empty={S.noBio}
          />
        )}
        <section aria-label={S.postsLabel}>
          {profile.posts.length === 0 ? (
            <p className={page.note}>{S.noPosts}</p>
          ) : (
            <ProfilePosts profile={profile} />
          )}
        </section>
        <ReportDialog
          open={reportOpen}
          name={profile.username}
          onClose={() => setReportOpen(false)}
          onSubmit={async (reason) => {
            await client.api.connections.report({ userId: profile.id, reason });
            toast.show({ message: R.sent, tone: 'success' });
          }}
        />
      </>
    );
  }

  return (
    <div className={page.page}>
      <header className={page.header}>
        <Link href={ROUTES.home} className={page.link}>
          {UI_STRINGS.social.home}
        </Link>
        <span className={page.title} />
        {isOwner ? (
          <>
            <Link href={ROUTES.addPost} className={page.link}>
              {S.addPost}
            </Link>
            <Link href={ROUTES.notifications} className={page.link}>
              {S.notifications}
              <Badge count={connections.pendingCount} label={UI_STRINGS.chat.notificationsBadge} />
            </Link>
          </>
        ) : null}
      </header>
      <main className={page.main}>{body}</main>
    </div>
  );
}
