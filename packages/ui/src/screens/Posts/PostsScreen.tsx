import type { Category, Post } from '@parley/chat-sdk';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { InfiniteList } from '../../components/InfiniteList/InfiniteList';
import { PostReportButton } from '../../components/PostReport/PostReportButton';
import { PostTile } from '../../components/PostTile/PostTile';
import { Link } from '../../context/Link';
import { useParleyClient, useSession } from '../../context/ParleyProvider';
import { ROUTES, UI_STRINGS } from '../../strings';
import { visuallyHidden } from '../../theme/baseTheme.css';
import * as page from '../private/SocialPage.css';
import { usePagedList } from '../private/usePagedList';
import * as css from './PostsScreen.css';

const S = UI_STRINGS.posts;

/**
 * The feed (/posts): my posts and those of the people I am connected with, newest first, with
 * category filter chips and infinite scroll (20 a page). Captions arrive in the reader's language,
 * the original one tap away.
 */
export function PostsScreen() {
  const client = useParleyClient();
  const me = useSession().user?.id;
  const [categories, setCategories] = useState<Category[]>([]);
  // The posts show once the category chips are known (or failed): the chips' row wraps on a
  // phone, and filling it after the first posts had drawn pushed them down (a layout shift).
  const [categoriesSettled, setCategoriesSettled] = useState(false);
  const [category, setCategory] = useState<number | null>(null);
  // The cards' category tags, by id.
  const categoryNames = useMemo(
    () => Object.fromEntries(categories.map((c) => [c.id, c.name])),
    [categories],
  );
  const open = useCallback(
    (selected: string) => client.api.posts.feed(selected ? { category: Number(selected) } : {}),
    [client],
  );
  const feed = usePagedList<Post>(open, (p) => p.id, S.loadFailed);

  useEffect(() => {
    let cancelled = false;
    client.api.posts.categories().then(
      (list) => {
        if (cancelled) return;
        setCategories(list);
        setCategoriesSettled(true);
      },
      (error: unknown) => {
        console.warn('[parley] could not load categories', error);
        if (!cancelled) setCategoriesSettled(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  function choose(next: number | null) {
    setCategory(next);
    feed.restart(next === null ? '' : String(next));
  }

  return (
    <div className={page.page}>
      <header className={page.header}>
        <Link href={ROUTES.home} className={page.link}>
          {UI_STRINGS.social.home}
        </Link>
        <h1 className={page.title}>{S.title}</h1>
        <Link href={ROUTES.addPost} className={page.link}>
          {S.addPost}
        </Link>
      </header>
      <main className={page.main}>
        <fieldset className={css.chips}>
          <legend className={visuallyHidden}>{S.categoriesLabel}</legend>
          {[{ id: null, name: S.allCategories } as const, ...categories].map((c) => (
            <button
              key={c.id ?? 'all'}
              type="button"
              className={css.chip}
              aria-pressed={category === c.id}
              onClick={() => choose(c.id)}
            >
              {c.name}
            </button>
          ))}
        </fieldset>
        <InfiniteList
          // A new list once the chips are known: the waiting one is removed, not moved down by
          // the chips' row as it fills (a moved element is a layout shift, a new one is not).
          key={categoriesSettled ? 'feed' : 'waiting'}
          label={S.feedLabel}
          count={categoriesSettled ? feed.items.length : 0}
          loading={feed.loading || !categoriesSettled}
          hasMore={feed.hasMore}
          error={feed.error}
          emptyText={S.empty}
          loadingText={S.loadingMore}
          endText={S.end}
          onLoadMore={feed.loadMore}
          scroll="page"
        >
          {(categoriesSettled ? feed.items : []).map((post) => (
            <li key={post.id}>
              <PostTile
                post={post}
                variant="card"
                categoryNames={categoryNames}
                actions={
                  post.author && post.author.id !== me ? <PostReportButton post={post} /> : null
                }
              />
            </li>
          ))}
        </InfiniteList>
      </main>
    </div>
  );
}
