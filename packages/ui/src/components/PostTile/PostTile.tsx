import { displayLanguageName, type Post } from '@parley/chat-sdk';
import { type ReactNode, useState } from 'react';
import { Link } from '../../context/Link';
import { ROUTES, UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { formatMessageTime, timeDirection } from '../private/localeFormat';
import * as css from './PostTile.css';

const T = UI_STRINGS.translation;
const P = UI_STRINGS.posts;

export interface PostTileProps {
  post: Readonly<Post>;
  /** 'tile' for the profile grid (media or caption), 'card' for the feed (media and caption). */
  variant?: 'tile' | 'card';
  /** Category names by id, for the card's tags (without it the card shows none). */
  categoryNames?: Readonly<Record<number, string>>;
  /** "Now" for the date display; fixed in stories. */
  now?: Date;
  /** The card's own actions under it (issue 29: 'Report post' on others' posts). */
  actions?: ReactNode;
}

/** A caption in the reader's language with 'Translated from …' and 'View original' (as chat does). */
export function PostCaption({ post }: { post: Readonly<Post> }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const original = post.original_caption ?? post.caption;
  const text = showOriginal ? original : post.caption;
  if (!text && !post.translated) return null;
  return (
    <div className={css.caption}>
      <p className={css.captionText} dir="auto">
        {text}
      </p>
      {post.translated ? (
        <p className={css.meta}>
          {post.original_language ? (
            <span>{T.translatedFrom(displayLanguageName(post.original_language))}</span>
          ) : (
            <span>{T.translated}</span>
          )}{' '}
          <button type="button" className={css.toggle} onClick={() => setShowOriginal((v) => !v)}>
            {showOriginal ? T.hideOriginal : T.viewOriginal}
          </button>
        </p>
      ) : post.translation_failed ? (
        <p className={css.meta} title={T.notTranslatedHint}>
          {T.notTranslated}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A post: its image or its video (seekable) with the caption, or the caption text alone (spec §2,
 * profile grid); the caption reads in the reader's language with the original one tap away.
 */
export function PostTile({ post, variant = 'tile', categoryNames, now, actions }: PostTileProps) {
  const media =
    post.content_type === 'image' && post.content_url ? (
      <img
        className={css.media}
        src={post.content_url}
        alt={P.imageAlt(post.caption)}
        loading="lazy"
      />
    ) : post.content_type === 'video' && post.content_url ? (
      // biome-ignore lint/a11y/useMediaCaption: user videos carry no caption track; the post caption is shown beside
      <video
        className={css.media}
        src={post.content_url}
        controls
        preload="metadata"
        aria-label={P.videoLabel(post.caption)}
      />
    ) : null;
  if (variant === 'tile') {
    return (
      <article className={css.tile}>
        {media}
        <div className={media ? css.tileCaption : css.textTile}>
          <PostCaption post={post} />
        </div>
      </article>
    );
  }
  return (
    <article className={css.card}>
      {post.author ? (
        // Who posted it and when, their profile one tap away (as a feed card shows it).
        <header className={css.cardHeader}>
          <Link href={ROUTES.profile(post.author.username)} className={css.authorLink}>
            <span aria-hidden="true" className={css.authorAvatar}>
              <Avatar
                name={post.author.username}
                src={post.author.profile_image}
                colorKey={post.author.id}
                size="sm"
              />
            </span>
            <span className={css.author} dir="auto">
              {P.by(post.author.username)}
            </span>
          </Link>
          {post.created_at ? (
            <time className={css.date} dateTime={post.created_at} dir={timeDirection()}>
              {formatMessageTime(post.created_at, now)}
            </time>
          ) : null}
        </header>
      ) : null}
      {media}
      <PostCaption post={post} />
      {categoryNames && post.categories.some((id) => categoryNames[id]) ? (
        <ul className={css.tags} aria-label={P.postCategories}>
          {post.categories
            .filter((id) => categoryNames[id])
            .map((id) => (
              <li key={id} className={css.tag}>
                {categoryNames[id]}
              </li>
            ))}
        </ul>
      ) : null}
      {actions ? <div className={css.actions}>{actions}</div> : null}
    </article>
  );
}
