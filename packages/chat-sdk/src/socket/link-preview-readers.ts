import type { LinkPreview, LinkPreviewFrame } from '../protocol/linkPreviews';

/**
 * Reader of the late card frame (issue 25, round two), spread into SERVER_FRAME_READERS: a frame
 * without the message's id or a card with its url is refused; the card's other fields are kept
 * only when they are strings (the bubble draws text, never markup).
 */
type Json = Record<string, unknown>;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function linkPreview(value: unknown): LinkPreview | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const card = value as Json;
  if (typeof card.url !== 'string' || card.url === '') return null;
  return {
    url: card.url,
    title: textOrNull(card.title),
    description: textOrNull(card.description),
    image_url: textOrNull(card.image_url),
    site_name: textOrNull(card.site_name),
  };
}

export const LINK_PREVIEW_READERS = {
  link_preview(raw: Json): LinkPreviewFrame | null {
    const id = raw.message_id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
    const card = linkPreview(raw.link_preview);
    if (!card) return null;
    return {
      type: 'link_preview',
      message_id: id,
      room_name: typeof raw.room_name === 'string' ? raw.room_name : '',
      link_preview: card,
    };
  },
};
