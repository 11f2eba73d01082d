import type { LinkPreview } from '@parley/chat-sdk';
import { UI_STRINGS } from '../../strings';
import { CloseIcon } from '../private/icons';
import * as css from './LinkPreviewCard.css';

const L = UI_STRINGS.links;

/** What the card shows: the page's card, while it is asked for, or that there is none. */
export type LinkPreviewState =
  | { status: 'loading'; url: string }
  | { status: 'loaded'; preview: LinkPreview }
  | { status: 'failed'; url: string };

export interface LinkPreviewCardProps {
  state: LinkPreviewState;
  /** The composer's card: a button removes it from the message about to be sent. */
  onRemove?: () => void;
  /** Spans the composer's width. */
  inComposer?: boolean;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * The card of a link (issue 25): site, title, two lines of description and the server's copy of
 * the page's image. In a bubble the card is a link to the page (opened in a new tab, without the
 * referrer); in the composer it says when it is loading or that there is none, and can be removed.
 */
export function LinkPreviewCard({ state, onRemove, inComposer = false }: LinkPreviewCardProps) {
  const className = inComposer ? `${css.card} ${css.inComposer}` : css.card;
  const remove = onRemove ? (
    <button type="button" className={css.remove} aria-label={L.removePreview} onClick={onRemove}>
      <CloseIcon />
    </button>
  ) : null;
  if (state.status !== 'loaded') {
    return (
      <div className={className} aria-busy={state.status === 'loading' || undefined}>
        <span className={css.note} role="status">
          {state.status === 'loading' ? L.previewLoading : L.previewFailed}
        </span>
        {remove}
      </div>
    );
  }
  const { preview } = state;
  const site = preview.site_name ?? hostOf(preview.url);
  return (
    <div className={className}>
      <a className={css.link} href={preview.url} target="_blank" rel="noopener noreferrer nofollow">
        {preview.image_url ? (
          <img className={css.image} src={preview.image_url} alt="" loading="lazy" />
        ) : null}
        <span className={css.body}>
          <span className={css.site} dir="auto">
            {site}
          </span>
          {preview.title ? (
            <span className={css.title} dir="auto">
              {preview.title}
            </span>
          ) : null}
          {preview.description ? (
            <span className={css.description} dir="auto">
              {preview.description}
            </span>
          ) : null}
        </span>
      </a>
      {remove}
    </div>
  );
}
