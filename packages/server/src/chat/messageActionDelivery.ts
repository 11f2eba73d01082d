import {
  type ChatMessage,
  languageCodeForName,
  type MessageEditedFrame,
  type ServerFrame,
} from '@parley/chat-sdk';
import type { DeliveryMember } from '../plugins/app/index.js';
import { type QuoteDeps, quoteForReader } from './messageQuotes.js';

/** One frame for some users (chatDelivery.ts plans these). */
export interface Delivery {
  recipients: number[];
  frame: ServerFrame;
  readerLanguage?: string;
}

/**
 * Gives each recipient of a reply the quote in their own language: a delivery whose message
 * quotes another is split by the recipients' languages (the quoted message's sender gets their
 * own words). Deliveries of anything else pass through.
 */
export async function quoteDeliveries(
  deps: QuoteDeps,
  deliveries: Delivery[],
  members: DeliveryMember[],
): Promise<Delivery[]> {
  const languageOf = new Map(members.map((m) => [m.id, languageCodeForName(m.language) ?? null]));
  const out: Delivery[] = [];
  for (const delivery of deliveries) {
    const frame = delivery.frame;
    if (frame.type !== 'chat_message' || !frame.reply_to) {
      out.push(delivery);
      continue;
    }
    const { type: _type, ...message } = frame;
    const quotedSender = await quotedSenderOf(deps, message);
    const groups = new Map<string, { readerId: number; language: string | null; ids: number[] }>();
    for (const id of delivery.recipients) {
      const own = id === quotedSender;
      const language = own ? null : (languageOf.get(id) ?? null);
      const key = own ? 'own' : (language ?? '');
      const group = groups.get(key) ?? { readerId: own ? id : 0, language, ids: [] };
      group.ids.push(id);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      const [quoted = message] = await quoteForReader(deps, [message], {
        id: group.readerId,
        language: group.language,
      });
      out.push({ ...delivery, recipients: group.ids, frame: { type: 'chat_message', ...quoted } });
    }
  }
  return out;
}

async function quotedSenderOf(deps: QuoteDeps, message: ChatMessage): Promise<number | null> {
  if (!message.reply_to) return null;
  const [quoted] = await deps.actions.byIds([message.reply_to.id]);
  return quoted?.sender_id ?? null;
}

/**
 * An edit as each reader gets it: the deliveries planned for the edited message (translated per
 * reader language like a new message) turned into `message_edited` frames.
 */
export function editedDeliveries(deliveries: Delivery[], editedAt: string): Delivery[] {
  return deliveries.map((delivery) => {
    const frame = delivery.frame;
    if (frame.type !== 'chat_message') return delivery;
    const edited: MessageEditedFrame = {
      type: 'message_edited',
      message_id: frame.id,
      message: frame.message,
      original_message: frame.original_message,
      edited_at: editedAt,
      room_name: frame.room_name,
      ...(frame.translated ? { translated: true } : {}),
    };
    return { ...delivery, frame: edited };
  });
}
