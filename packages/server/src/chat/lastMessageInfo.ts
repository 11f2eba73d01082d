import type { CallEvent, ChatFileType, GroupEvent, LastMessageInfo } from '@parley/chat-sdk';
import type { MessageRow } from '../db/schema.js';
import { storedNameOf } from '../media/chatFiles.js';
import type { UploadsRepository } from '../plugins/app/index.js';

/**
 * `last_message_info` of chat-list rows (docs/socket-protocol.md, Surface): what the last message
 * is, so a client says 'Photo', 'Voice message 0:05', 'Missed audio call' or 'You: …' rather than
 * a file name. An optional extension beside the spec's `last_message` text, which is unchanged.
 */
export async function lastMessageInfos(
  uploads: Pick<UploadsRepository, 'byNames'>,
  rows: readonly MessageRow[],
): Promise<Map<number, LastMessageInfo>> {
  // A voice note's length lives on its upload: one query for the whole list.
  const voiceNames = rows
    .map((row) => storedNameOf(row.audioUrl))
    .filter((name): name is string => name !== null);
  const durations = new Map<string, number>();
  if (voiceNames.length > 0) {
    const found = await uploads.byNames(voiceNames).catch(() => []);
    for (const upload of found) {
      if (upload.durationMs !== null) {
        durations.set(upload.storedName, Math.round(upload.durationMs / 1000));
      }
    }
  }
  const infos = new Map<number, LastMessageInfo>();
  for (const row of rows) {
    const info: LastMessageInfo = {
      sender_id: row.senderId,
      file_type: row.fileType as ChatFileType,
    };
    if (row.audioUrl) {
      info.voice = true;
      const name = storedNameOf(row.audioUrl);
      const seconds = name ? durations.get(name) : undefined;
      if (seconds !== undefined) info.duration_seconds = seconds;
    }
    if (row.callEvent) info.call_event = row.callEvent as CallEvent;
    if (row.groupEvent) info.group_event = row.groupEvent as GroupEvent;
    if (row.deletedAt) info.deleted = true;
    infos.set(row.id, info);
  }
  return infos;
}
