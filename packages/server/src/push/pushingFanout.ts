import {
  type ChatMessageFrame,
  type ConnectionFrameUser,
  chatRoomPath,
  type InterfaceLocale,
  type PushPayload,
  privateRoomName,
  SOURCE_LOCALE,
} from '@parley/chat-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatEvent, ChatFanout } from '../chat/chatFanout.js';
import { type LocaleTexts, textsFor } from '../i18n/serverTexts.js';
import type { PushSender } from './pushSender.js';

export { PUSH_MESSAGES } from './pushMessages.js';

type PushWords = LocaleTexts['server']['push'];

/**
 * A call record's or a group event's words for the receiver: the stored text is language-neutral
 * ('📞 2:13', '👥 + ana') for spec clients, and a notification should say what happened.
 */
function systemRowText(frame: ChatMessageFrame, words: PushWords): string | undefined {
  const call = frame.call_event;
  if (call) return words.call(call.event, call.call_type);
  const group = frame.group_event;
  if (!group) return undefined;
  const names = group.members.map((member) => member.username);
  switch (group.event) {
    case 'created':
      return words.groupCreated(group.group_name ?? '');
    case 'member_added':
      return words.membersAdded(names);
    case 'member_removed':
      return words.membersRemoved(names);
    case 'left':
      return words.left;
  }
}

/** Notifications show at most this much of a message. */
const BODY_MAX = 240;

function clip(text: string): string {
  return text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text;
}

function frameUser(
  user: ConnectionFrameUser,
  words: PushWords,
): {
  id: number | null;
  name: string;
  image: string | null;
} {
  if (typeof user === 'number') return { id: user, name: words.someone, image: null };
  return {
    id: typeof user.id === 'number' ? user.id : Number(user.id) || null,
    name: user.username || words.someone,
    image: user.profile_image ?? null,
  };
}

/**
 * The push for one recipient of an event, or null when the event is not one people are told of
 * (new messages, connection requests, accepted connections).
 */
export function pushFor(
  event: ChatEvent,
  recipient: number,
  words: PushWords = textsFor(SOURCE_LOCALE).server.push,
): PushPayload | null {
  const frame = event.frame;
  switch (frame.type) {
    case 'chat_message': {
      if (frame.sender_id === recipient) return null;
      // Issue 29: the recipient blocked the sender; their message is never a notification.
      if (frame.from_blocked) return null;
      const text =
        systemRowText(frame, words) ?? (frame.message?.trim() ? frame.message : words.attachment);
      // A mention is its own notification (never folded into the group's), issue 25.
      if (frame.mentions?.some((mention) => mention.user_id === recipient)) {
        return {
          kind: 'message',
          title: `${frame.sender_username || words.someone} · ${words.mentionedYou}`,
          body: clip(text),
          icon: frame.sender_profile_image ?? null,
          tag: `mention-${frame.id}`,
          url: chatRoomPath(event.room),
        };
      }
      return {
        kind: 'message',
        title: frame.sender_username || words.someone,
        body: clip(text),
        icon: frame.sender_profile_image ?? null,
        tag: event.room,
        url: chatRoomPath(event.room),
      };
    }
    case 'connection_request': {
      const from = frameUser(frame.from_user, words);
      return {
        kind: 'connection_request',
        title: from.name,
        body: words.connectionRequest,
        icon: from.image,
        tag: `connection-${from.id ?? 'request'}`,
        url: '/notifications',
      };
    }
    case 'connection_accepted': {
      const to = frameUser(frame.to_user, words);
      const room = to.id === null ? null : privateRoomName(recipient, to.id);
      return {
        kind: 'connection_accepted',
        title: to.name,
        body: words.connectionAccepted,
        icon: to.image,
        tag: room ?? 'connection-accepted',
        url: room ? chatRoomPath(room) : '/',
      };
    }
    case 'translation_suggestion': {
      // Only the message's sender is told (readers of the language see it in the chat), and
      // only of a new or changed suggestion by someone else, never of one taken back.
      const suggestion = frame.suggestion;
      if (!suggestion || event.messageSenderId !== recipient) return null;
      if (suggestion.author_id === recipient) return null;
      return {
        kind: 'translation_suggestion',
        title: suggestion.author_username || words.someone,
        body: words.suggestedTranslation,
        tag: `suggestion-${frame.message_id}`,
        url: chatRoomPath(event.room),
      };
    }
    case 'moderation_notice':
      // Issue 29: the notice's own words (already in the person's language); the app shows it
      // again on '/' (GET /moderation/notices/), so the push only needs to bring them there.
      return {
        kind: 'moderation_notice',
        title: frame.kind === 'warning' ? words.warningTitle : words.reportResolvedTitle,
        body: clip(frame.message),
        tag: `moderation-notice-${frame.id}`,
        url: '/',
      };
    default:
      return null;
  }
}

/** The push in the receiver's locale (English needs no second build). */
function localizedPush(
  event: ChatEvent,
  recipient: number,
  locale: InterfaceLocale,
): PushPayload | null {
  return locale === SOURCE_LOCALE ? null : pushFor(event, recipient, textsFor(locale).server.push);
}

/** Whether a mute of the event's room keeps its push from `recipient`: messages not naming them. */
function silencedByMute(event: ChatEvent, recipient: number): boolean {
  const frame = event.frame;
  if (frame.type !== 'chat_message') return false;
  return !frame.mentions?.some((mention) => mention.user_id === recipient);
}

/**
 * A fan-out that also pushes: events go to sockets as before, and each recipient with no open
 * socket on any instance gets a Web Push on every subscribed device. Pushes never delay or break
 * delivery to sockets.
 */
export class PushingFanout implements ChatFanout {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly inner: ChatFanout,
    private readonly options: {
      sender: PushSender;
      /** Whether someone has a socket open (then the app itself tells them). */
      isOnline: (userId: number) => boolean;
      /**
       * Issue 28: those of these people with a socket open on another instance (asked only for
       * events that would push someone not connected here, never for typing and the like).
       */
      onlineElsewhere?: (userIds: number[]) => Promise<Set<number>>;
      /** Parley extension (issue 25): those of these people who muted the room. */
      mutedAmong?: (room: string, userIds: number[]) => Promise<Set<number>>;
      /**
       * Issue 27: each receiver's interface locale (their choice, else their chat language), so
       * a push speaks it; absent, pushes are English.
       */
      localesOf?: (userIds: number[]) => Promise<Map<number, InterfaceLocale>>;
      log: FastifyBaseLogger;
    },
  ) {}

  publish(event: ChatEvent): void {
    this.inner.publish(event);
    const pushes: { recipient: number; payload: PushPayload }[] = [];
    for (const recipient of new Set(event.recipients)) {
      if (this.online(recipient)) continue;
      const payload = pushFor(event, recipient);
      if (payload) pushes.push({ recipient, payload });
    }
    if (pushes.length === 0) return;
    // A muted chat's messages push nobody who muted it, except a mention of them (issue 25).
    const muting = pushes.filter(({ recipient }) => silencedByMute(event, recipient));
    const { mutedAmong, onlineElsewhere, localesOf } = this.options;
    const sending = Promise.all([
      muting.length > 0 && mutedAmong
        ? mutedAmong(
            event.room,
            muting.map(({ recipient }) => recipient),
          )
        : new Set<number>(),
      onlineElsewhere
        ? onlineElsewhere(pushes.map(({ recipient }) => recipient))
        : new Set<number>(),
      localesOf
        ? localesOf(pushes.map(({ recipient }) => recipient))
        : new Map<number, InterfaceLocale>(),
    ])
      .then(([muted, elsewhere, locales]) =>
        Promise.all(
          pushes
            .filter((push) => !elsewhere.has(push.recipient))
            .filter((push) => !(muted.has(push.recipient) && muting.includes(push)))
            .map(({ recipient, payload }) => {
              const locale = locales.get(recipient) ?? SOURCE_LOCALE;
              return { recipient, payload: localizedPush(event, recipient, locale) ?? payload };
            })
            .map(({ recipient, payload }) =>
              this.options.sender
                .sendTo([recipient], payload)
                .catch((error: unknown) => this.options.log.warn({ err: error }, 'push failed')),
            ),
        ),
      )
      .then(
        () => undefined,
        (error: unknown) => this.options.log.warn({ err: error }, 'push failed'),
      );
    this.pending.add(sending);
    void sending.finally(() => this.pending.delete(sending));
  }

  /** Whether `userId` has a socket open here, so events reach them without a push. */
  online(userId: number): boolean {
    return this.options.isOnline(userId);
  }

  /** Resolves when every push started so far has been answered (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.inner.close();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The pushing fan-out; tests wait on `settled()` for pushes to be answered. */
    pushFanout: PushingFanout;
  }
}
