import { firstLinkIn, type LinkPreview } from '@parley/chat-sdk';
import { useEffect, useRef, useState } from 'react';
import type { LinkPreviewState } from '../../LinkPreviewCard/LinkPreviewCard';

/** Asks the server for a link's card (the sdk's chat.linkPreview); null: none. */
export type PreviewLink = (url: string, signal: AbortSignal) => Promise<LinkPreview | null>;

/** A pause in typing before the card is asked for, so each keystroke of a URL is not. */
const ASK_DELAY_MS = 600;

/**
 * The card of the draft's first link (issue 25): asked for after a pause, shown loading, loaded
 * or failed (the page has none); nothing when the asking itself fails. The writer may remove it (the message then goes with `link_preview: false`) and
 * bring it back. Without `previewLink` there is never a card.
 */
export function useLinkPreviewDraft(text: string, previewLink: PreviewLink | undefined) {
  const url = previewLink ? firstLinkIn(text) : null;
  const [card, setCard] = useState<LinkPreviewState | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  // The caller may pass a new function each render: only the link (and whether there is a way to
  // ask) starts a new request.
  const ask = useRef(previewLink);
  ask.current = previewLink;
  const offered = previewLink !== undefined;

  useEffect(() => {
    const previewLink = ask.current;
    if (!url || !offered || !previewLink) {
      setCard(null);
      return;
    }
    const controller = new AbortController();
    setCard({ status: 'loading', url });
    const timer = setTimeout(() => {
      previewLink(url, controller.signal).then(
        (preview) => {
          if (!controller.signal.aborted) {
            setCard(preview ? { status: 'loaded', preview } : { status: 'failed', url });
          }
        },
        // No answer at all (a server without previews, offline): no card, as before previews.
        () => {
          if (!controller.signal.aborted) setCard(null);
        },
      );
    }, ASK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, offered]);

  const isRemoved = url !== null && removed === url;
  return {
    url,
    /** The card to show, or null (no link, or removed). */
    card: isRemoved ? null : card,
    /** The draft's link had its card removed: the message goes without one. */
    removed: isRemoved,
    remove: () => setRemoved(url),
    restore: () => setRemoved(null),
    reset: () => setRemoved(null),
  };
}
