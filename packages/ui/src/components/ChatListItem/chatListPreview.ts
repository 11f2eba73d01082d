import { formatDuration, type LastMessageInfo } from '@parley/chat-sdk';
import { SYSTEM_ROW_STRINGS } from '../../systemRowStrings';
import { callPreviewText, groupEventText } from '../SystemRow/systemRowText';

const P = SYSTEM_ROW_STRINGS.preview;

/**
 * The chat list's line for a chat's last message: 'Photo', 'Voice message 0:05', 'Missed audio
 * call', 'You: See you at five'. Without `info` (a spec-only backend) the server's text as it is.
 * A caption or text beats the kind's word; a call or group record is never 'You: …'.
 */
export function chatListPreview(
  text: string | null | undefined,
  info: Readonly<LastMessageInfo> | null | undefined,
  mine: boolean,
): string | null {
  if (!info) return text || null;
  if (info.deleted) return mine ? P.deletedMine : P.deleted;
  if (info.call_event) return callPreviewText(info.call_event);
  if (info.group_event) return groupEventText(info.group_event, mine);
  const said = kindWord(info) ?? (text || null);
  return said && mine ? P.mine(said) : said;
}

function kindWord(info: Readonly<LastMessageInfo>): string | null {
  if (info.voice) {
    const seconds = info.duration_seconds;
    return P.voice(typeof seconds === 'number' ? formatDuration(seconds) : null);
  }
  switch (info.file_type) {
    case 'image':
      return P.photo;
    case 'video':
      return P.video;
    case 'audio':
      return P.audio;
    case 'application':
      return P.file;
    default:
      return null;
  }
}
