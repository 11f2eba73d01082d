import {
  LANDING_DEMO_CONVERSATION,
  LANDING_DEMO_SOURCE,
  LANDING_DEMO_STRINGS,
} from '../../landingDemoStrings';
import type { MessageBubbleMessage } from '../MessageBubble/MessageBubbleMessage';

const D = LANDING_DEMO_STRINGS;
export type DemoSide = keyof typeof D.people;

/** Each message takes two frames: its sender typing, then the message. */
export const DEMO_FRAMES = LANDING_DEMO_CONVERSATION.length * 2;

const TYPING_MS = 1600;
const READ_MS = 2800;
const END_MS = 6000;

/** How long each frame shows (ms): typing, reading, and a longer look at the whole conversation. */
export const DEMO_DURATIONS: readonly number[] = Array.from({ length: DEMO_FRAMES }, (_, frame) =>
  frame % 2 === 0 ? TYPING_MS : frame === DEMO_FRAMES - 1 ? END_MS : READ_MS,
);

/** The demo's evening: fixed, so its times (and its pictures) never change. */
export const DEMO_NOW = new Date(2026, 0, 9, 19, 30);
const sentAt = (index: number) => new Date(2026, 0, 9, 19, 2 + index * 3).toISOString();

/** The conversation as `reader` sees it: their own messages as sent, the other's translated. */
export function demoMessagesFor(reader: DemoSide): MessageBubbleMessage[] {
  return LANDING_DEMO_CONVERSATION.map((line, index) => {
    const sender = D.people[line.from];
    const own = line.from === reader;
    return {
      id: index + 1,
      client_id: null,
      sender_id: line.from === 'english' ? 1 : 2,
      sender_username: sender.name,
      message: own ? line.original : line.translation,
      original_message: line.original,
      original_language: LANDING_DEMO_SOURCE.people[line.from].language,
      translated: !own,
      timestamp: sentAt(index),
      type: own ? 'sent' : 'received',
      status: 'sent',
    };
  });
}

/** What a frame shows: how many messages, and who is typing the next one. */
export function demoFrameContent(frame: number): { shown: number; typing: DemoSide | null } {
  const index = Math.floor(frame / 2);
  const typing = frame % 2 === 0 ? (LANDING_DEMO_CONVERSATION[index]?.from ?? null) : null;
  return { shown: typing ? index : index + 1, typing };
}
