import type { LinkPreviewFrame } from '../protocol/linkPreviews';
import type { RoomMessage } from './chat-state';

/**
 * Late cards (issue 25, round two; docs/socket-protocol.md "Link preview and search polish"): a
 * card the server made after the message went out comes as `link_preview` and is put on the
 * message, so the bubble draws it where it would have been. A deleted message takes no card; a
 * message not loaded here gets its card from history later. Returns whether a message changed.
 */
export function applyLatePreview(list: RoomMessage[], frame: LinkPreviewFrame): boolean {
  const item = list.find((message) => message.id === frame.message_id);
  if (!item || item.deleted) return false;
  item.link_preview = frame.link_preview;
  return true;
}
