import type { ChatMessage, LinkPreview, ServerFrame } from '@parley/chat-sdk';
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

/** The message's card, stored on it; null when there is none or it took too long. */
export async function linkPreviewForMessage(
  deps: MessageLinkPreviewDeps,
  message: ChatMessage,
  url: string,
): Promise<LinkPreview | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deps.sendWaitMs ?? DEFAULT_SEND_WAIT_MS);
  });
  try {
    const preview = await Promise.race([deps.previews.preview(url).catch(() => null), late]);
    if (preview) await deps.repository.attachToMessage(message.id, preview);
    return preview;
  } catch (error) {
    deps.log.warn({ err: error, messageId: message.id }, 'link preview not attached');
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The frame with the card beside the message's fields (chat_message frames only). */
export function withLinkPreview(frame: ServerFrame, preview: LinkPreview | null): ServerFrame {
  if (!preview || frame.type !== 'chat_message') return frame;
  return { ...frame, link_preview: preview };
}
