/**
 * Wire types of link previews and @mentions (Parley extensions, issue 25; docs/socket-protocol.md
 * "Link previews and mentions"). Every field is optional on the wire: a spec-only backend sends
 * none and clients show plain text.
 */

export const LINK_PREVIEW_PATHS = {
  /** GET ?url=: the preview card of one http(s) URL, as the composer shows it before sending. */
  linkPreview: '/chatmessage/link-preview/',
  /** PATCH {link_previews: boolean}: the person's switch for previews (default on). */
  updateLinkPreviews: '/accounts/update-link-previews/',
} as const;

/**
 * The card of the first link in a message. `image_url` is a copy the server fetched, re-encoded
 * and serves itself (`/media/link-previews/…`), never the page's own address.
 */
export interface LinkPreview {
  url: string;
  title: string | null;
  description: string | null;
  image_url: string | null;
  site_name: string | null;
}

/**
 * A card that came after its message (server → members of the room; docs/socket-protocol.md,
 * "Link preview and search polish"): the message went out without it; put it on the message.
 * History carries the card as usual afterwards. A backend without late cards never sends it.
 */
export interface LinkPreviewFrame {
  type: 'link_preview';
  message_id: number;
  room_name: string;
  link_preview: LinkPreview;
}

/** Answer of GET /chatmessage/link-preview/?url=: the card, or null when the page has none. */
export interface LinkPreviewAnswer {
  link_preview: LinkPreview | null;
}

/** Body of PATCH /accounts/update-link-previews/. */
export interface UpdateLinkPreviewsRequest {
  link_previews: boolean;
}

/** A person a group message names with `@username`; kept untranslated in every reader's text. */
export interface MessageMention {
  user_id: number;
  username: string;
}

/** A URL the server makes a preview of: http or https, at most this long. */
export const LINK_PREVIEW_URL_MAX = 2048;
/** Mentions one message may carry (more are refused). */
export const MAX_MENTIONS = 20;

/** The first http(s) URL in a text, as the server and the composer both find it; null if none. */
export function firstLinkIn(text: string): string | null {
  const match = /\bhttps?:\/\/[^\s<>"'`]+/i.exec(text);
  if (!match) return null;
  // Sentence punctuation right after a link belongs to the sentence.
  return match[0].replace(/[.,;:!?)\]}]+$/, '');
}
