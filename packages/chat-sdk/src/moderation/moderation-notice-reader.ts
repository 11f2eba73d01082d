import type { ModerationNoticeFrame } from '../protocol/moderation';

type Json = Record<string, unknown>;

/** Reads `moderation_notice` (issue 29) leniently: an unknown kind or no text drops the frame. */
export const MODERATION_NOTICE_READERS = {
  moderation_notice(raw: Json): ModerationNoticeFrame | null {
    const kind = raw.kind;
    if (kind !== 'warning' && kind !== 'report_resolved') return null;
    if (typeof raw.message !== 'string' || raw.message === '') return null;
    return {
      type: 'moderation_notice',
      id: typeof raw.id === 'number' ? raw.id : 0,
      kind,
      message: raw.message,
      created_at: typeof raw.created_at === 'string' ? raw.created_at : '',
    };
  },
};
