import type { ModerationPost } from '@parley/chat-sdk';
import { useState } from 'react';
import { useStableId } from '../../components/private/useStableId';
import { MODERATION_STRINGS } from '../../moderationStrings';
import * as css from './Moderation.css';
import { moderationTime } from './moderationFormat';

const S = MODERATION_STRINGS;

/**
 * A reported post (issue 29): its kind and time, the caption in the moderator's language and
 * the original one tap away. The image or video itself is not shown here: the moderator opens
 * it from the author's profile if they need to (no media loads in the queue).
 */
export function ModeratedPost({ post }: { post: ModerationPost }) {
  const [showOriginal, setShowOriginal] = useState(false);
  const originalId = useStableId();
  return (
    <>
      <p className={css.small}>
        {S.postKind[post.content_type]}
        {post.created_at ? <> · {moderationTime(post.created_at)}</> : null}
      </p>
      <blockquote className={css.quote} dir="auto">
        {post.caption === '' ? S.noCaption : post.caption}
      </blockquote>
      {post.removed ? <p className={css.small}>{S.removedPost}</p> : null}
      {post.translation_failed ? <p className={css.small}>{S.translationFailed}</p> : null}
      {post.translated ? (
        <>
          <p className={css.small}>{S.translated}</p>
          <button
            type="button"
            className={css.toggle}
            aria-expanded={showOriginal}
            aria-controls={originalId}
            onClick={() => setShowOriginal((shown) => !shown)}
          >
            {showOriginal ? S.hideOriginal : S.viewOriginal}
          </button>
          <blockquote
            id={originalId}
            className={css.original}
            dir="auto"
            hidden={!showOriginal}
            aria-label={S.original}
          >
            {post.original_caption}
          </blockquote>
        </>
      ) : null}
    </>
  );
}
