import { languageNameForCode, type Post } from '@parley/chat-sdk';
import { useState } from 'react';
import { UI_STRINGS } from '../../strings';
import * as css from './PostTile.css';

const T = UI_STRINGS.translation;
const P = UI_STRINGS.posts;

export interface PostTileProps {
  post: Readonly<Post>;
  /** 'tile' for the profile grid (media or caption), 'card' for the feed (media and caption). */
  variant?: 'tile' | 'card';
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
            <span>{T.translatedFrom(languageNameForCode(post.original_language))}</span>
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
export function PostTile({ post, variant = 'tile' }: PostTileProps) {
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
      {post.author ? <p className={css.author}>{P.by(post.author.username)}</p> : null}
      {media}
      <PostCaption post={post} />
    </article>
  );
}
