import type { ServerFrame } from '@parley/chat-sdk';
import type { ChatFanout } from '../chat/chatFanout.js';

/**
 * Frames of the social features (connection_request, connection_accepted, connection_removed) to
 * every open socket of some users, through the chat's fan-out, so they also cross server instances.
 */
export type SocialPush = (recipients: number[], frame: ServerFrame) => void;

export function socialPushThrough(fanout: ChatFanout): SocialPush {
  // No room: these frames are about people, not a conversation, and carry no room_name.
  return (recipients, frame) => fanout.publish({ recipients, room: '', frame });
}
