import type {
  CallEvent,
  ChatFileType,
  GroupEvent,
  LinkPreview,
  MessageMention,
  MessageQuote,
  MessageStatus,
} from '@parley/chat-sdk';

/** One emoji on a message and who left it (the sdk's MessageReaction, read-only). */
export interface BubbleReaction {
  readonly emoji: string;
  readonly count: number;
  readonly user_ids: readonly number[];
}

/** The fields of a room message (the sdk's RoomMessage) that a bubble shows. */
export interface MessageBubbleMessage {
  readonly id: number | null;
  readonly client_id: string | null;
  readonly sender_id: number;
  readonly sender_username: string;
  /** In the reader's language for received messages. */
  readonly message: string;
  /** Issue 29: the reader blocked the sender (shown collapsed, BlockedMessage). */
  readonly from_blocked?: boolean;
  /** What the sender wrote. */
  readonly original_message?: string | null;
  /** ISO code of `original_message`. */
  readonly original_language?: string | null;
  /** `message` is the server's translation of `original_message`. */
  readonly translated?: boolean;
  /** Translation failed or is not offered for this pair: `message` is the original. */
  readonly translation_failed?: boolean;
  /** Issue 26: the engine that translated `message` ('Apertium'). */
  readonly translated_by?: string;
  /** Issue 26: words of `message` the engine left as written. */
  readonly untranslated_words?: readonly string[];
  /** Issue 26: a member's better translation in the reader's language. */
  readonly translation_suggestion?: {
    readonly text: string;
    readonly author_username: string;
    readonly language: string;
  } | null;
  readonly file_type?: ChatFileType | null;
  readonly file_url?: string | null;
  readonly file_name?: string | null;
  /** Bytes (Parley extension), for "size in KB". */
  readonly file_size?: number | null;
  readonly thumbnail_url?: string | null;
  /** A voice note's original audio. */
  readonly audio_url?: string | null;
  /** The voice note's transcript in the reader's language. */
  readonly transcript?: string | null;
  /** As recognised, in the speaker's language. */
  readonly original_transcript?: string | null;
  readonly transcript_translated?: boolean;
  readonly transcript_status?: string | null;
  /** Synthesized speech in the reader's language (WebM/Opus, and AAC/MP4 for Safari). */
  readonly synth_audio_url?: string | null;
  readonly synth_audio_url_mp4?: string | null;
  /** A voice note still uploading (the pending placeholder). */
  readonly uploading?: boolean;
  /** The recording on this device, before and after its upload. */
  readonly local_audio_url?: string | null;
  /** ISO 8601. */
  readonly timestamp: string;
  readonly type: 'sent' | 'received';
  readonly status: MessageStatus;
  /** Why a send failed (the sdk's error frame code and detail): `request_pending` says why. */
  readonly error?: { readonly code: string; readonly detail: string };
  /** The conversation's record of a call: worded here in the reader's ui language. */
  readonly call_event?: Readonly<CallEvent> | null;
  /** Message actions (issue 25): the message this one replies to, in the reader's language. */
  readonly reply_to?: Readonly<MessageQuote> | null;
  /** ISO 8601 of its sender's last edit: the bubble says 'Edited'. */
  readonly edited_at?: string | null;
  /** Deleted for everyone: 'This message was deleted.' */
  readonly deleted?: boolean;
  /** The card of the message's first link (Parley extension, issue 25). */
  readonly link_preview?: Readonly<LinkPreview> | null;
  /** Group members the text names with @username: highlighted. */
  readonly mentions?: readonly MessageMention[];
  /** Issue 25: reactions, one entry per emoji (components/Reactions). */
  readonly reactions?: readonly BubbleReaction[];
  /** A group's record of its own event (MessageList shows it as a SystemRow). */
  readonly group_event?: Readonly<GroupEvent> | null;
}
