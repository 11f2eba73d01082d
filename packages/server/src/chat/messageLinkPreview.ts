import type { ChatMessage, LinkPreview, LinkPreviewFrame, ServerFrame } from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { LinkPreviewsRepository } from '../plugins/app/link-previews-repository.js';
import type { LinkPreviews } from './linkPreviews.js';

/** What delivery needs to put a card on a message (absent: messages go out without). */
export interface MessageLinkPreviewDeps {
  previews: LinkPreviews;
  repository: LinkPreviewsRepository;
  log: FastifyBaseLogger;
  /**
   * How long a message may wait for its card (default 4 s). The composer usually asked for the
   * same URL before sending, so the card is cached; a slow site never holds a room's messages.
   */
  sendWaitMs?: number;
}

const DEFAULT_SEND_WAIT_MS = 4_000;

const TOO_LATE = Symbol('too late');

/**
 * The message's card, stored on it; null when there is none or it took longer than the wait.
 * A card that comes after the wait is not lost: it is stored on the message (unless the message
 * was deleted meanwhile) and handed to `onLate`, which sends it to the room (late cards, issue 25
 * round two: the `link_preview` frame).
 */
export async function linkPreviewForMessage(
  deps: MessageLinkPreviewDeps,
  message: ChatMessage,
  url: string,
  onLate?: (preview: LinkPreview) => void,
): Promise<LinkPreview | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof TOO_LATE>((resolve) => {
    timer = setTimeout(() => resolve(TOO_LATE), deps.sendWaitMs ?? DEFAULT_SEND_WAIT_MS);
  });
  const fetching = deps.previews.preview(url).catch(() => null);
  try {
    const preview = await Promise.race([fetching, late]);
    if (preview === TOO_LATE) {
      if (onLate) void attachLate(deps, message, fetching, onLate);
      return null;
    }
    if (preview) await deps.repository.attachToMessage(message.id, preview);
    return preview;
  } catch (error) {
    deps.log.warn({ err: error, messageId: message.id }, 'link preview not attached');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Stores a card that came after its message went out, then passes it on. Never rejects. */
async function attachLate(
  deps: MessageLinkPreviewDeps,
  message: ChatMessage,
  fetching: Promise<LinkPreview | null>,
  onLate: (preview: LinkPreview) => void,
): Promise<void> {
  try {
    const preview = await fetching;
    if (!preview) return;
    if (await deps.repository.attachToMessage(message.id, preview)) onLate(preview);
  } catch (error) {
    deps.log.warn({ err: error, messageId: message.id }, 'late link preview not attached');
  }
}

/** The frame that brings a late card to the members of the message's room. */
export function linkPreviewFrame(message: ChatMessage, preview: LinkPreview): LinkPreviewFrame {
  return {
    type: 'link_preview',
    message_id: message.id,
    room_name: message.room_name,
    link_preview: preview,
  };
}

/** The frame with the card beside the message's fields (chat_message frames only). */
export function withLinkPreview(frame: ServerFrame, preview: LinkPreview | null): ServerFrame {
  if (!preview || frame.type !== 'chat_message') return frame;
  return { ...frame, link_preview: preview };
}
