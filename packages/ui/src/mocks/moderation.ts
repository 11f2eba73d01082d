import type {
  ModerationActionRequest,
  ModerationAuditEntry,
  ModerationMessage,
  ModerationReportGroup,
  ModerationReportsResponse,
  ModerationTranslationReport,
} from '@parley/chat-sdk';
import { HttpResponse, http } from 'msw';

// The review queue's fixtures (issue 29): a Spanish reporter, an English moderator.

function message(
  id: number,
  sender: string,
  text: string,
  original = text,
  extra: Partial<ModerationMessage> = {},
): ModerationMessage {
  return {
    id,
    room_name: 'Travel tips',
    sender_id: sender === 'bruno' ? 12 : 13,
    sender_username: sender,
    message: text,
    original_message: original,
    translated: text !== original,
    deleted: false,
    file_name: null,
    timestamp: `2026-11-26T10:0${id % 10}:00Z`,
    ...extra,
  };
}

const reported = message(
  41,
  'bruno',
  'Nobody wants you here, go away.',
  'Nadie te quiere aquí, vete.',
);

export const earlierAction: ModerationAuditEntry = {
  id: 7,
  action: 'warn',
  actor: { id: 1, username: 'mia' },
  target: { id: 12, username: 'bruno' },
  message_id: null,
  message_text: null,
  reason: 'Insults in Travel tips',
  suspended_until: null,
  created_at: '2026-11-20T09:00:00Z',
};

export const messageGroup: ModerationReportGroup = {
  key: 'message:41',
  kind: 'message',
  reported_user: {
    id: 12,
    username: 'bruno',
    suspended_until: null,
    suspended_indefinitely: false,
    deleted: false,
  },
  message: reported,
  report_count: 2,
  latest_report_at: '2026-11-26T10:05:00Z',
  reports: [
    {
      id: 101,
      reporter: { id: 13, username: 'carla' },
      reason: 'Harassment',
      created_at: '2026-11-26T10:04:00Z',
    },
    {
      id: 102,
      reporter: { id: 14, username: 'dev' },
      reason: 'Hate speech',
      created_at: '2026-11-26T10:05:00Z',
    },
  ],
  context: [
    message(
      40,
      'carla',
      'Does anyone know a cheap hostel in Lisbon?',
      '¿Alguien conoce un hostal barato en Lisboa?',
    ),
    reported,
    message(42, 'carla', 'Please stop.', 'Por favor, para.'),
  ],
  earlier_report_count: 3,
  earlier_actions: [earlierAction],
};

export const personGroup: ModerationReportGroup = {
  key: 'user:15',
  kind: 'user',
  reported_user: {
    id: 15,
    username: 'eve',
    suspended_until: '2026-12-03T10:00:00Z',
    suspended_indefinitely: false,
    deleted: false,
  },
  message: null,
  report_count: 1,
  latest_report_at: '2026-11-26T08:00:00Z',
  reports: [
    {
      id: 103,
      reporter: { id: 13, username: 'carla' },
      reason: 'Spam',
      created_at: '2026-11-26T08:00:00Z',
    },
  ],
  context: [],
  earlier_report_count: 0,
  earlier_actions: [],
};

/** Issue 29: a reported post, its Spanish caption translated for the English moderator. */
export const postGroup: ModerationReportGroup = {
  key: 'post:77',
  kind: 'post',
  reported_user: { ...messageGroup.reported_user },
  message: null,
  post: {
    id: 77,
    caption: 'Buy my followers now, cheap and fast!',
    original_caption: '¡Compra mis seguidores ahora, barato y rápido!',
    translated: true,
    content_type: 'image',
    content_url: '/posts/media/pixel.png',
    created_at: '2026-11-26T06:30:00Z',
    removed: false,
  },
  report_count: 2,
  latest_report_at: '2026-11-26T09:30:00Z',
  reports: [
    {
      id: 111,
      reporter: { id: 13, username: 'carla' },
      reason: 'Spam',
      created_at: '2026-11-26T09:30:00Z',
    },
    {
      id: 112,
      reporter: { id: 14, username: 'dmitri' },
      reason: 'Scam or fraud',
      created_at: '2026-11-26T09:10:00Z',
    },
  ],
  context: [],
  earlier_report_count: 1,
  earlier_actions: [],
};

/** A queue with a reported post first. */
export const postQueue: ModerationReportsResponse = {
  results: [postGroup],
  count: 1,
  translation_reports: [],
};

export const translationReport: ModerationTranslationReport = {
  id: 9,
  message_id: 40,
  reporter: { id: 13, username: 'carla' },
  source_language: 'English',
  target_language: 'Spanish',
  engine: 'Apertium',
  original_text: 'I will sort it out.',
  translated_text: 'Lo clasificaré.',
  created_at: '2026-11-26T07:00:00Z',
};

export const longText = `${'This message goes on and on about the same complaint, '.repeat(14)}end.`;

export const queue: ModerationReportsResponse = {
  results: [messageGroup, personGroup],
  count: 2,
  translation_reports: [translationReport],
};

export const emptyQueue: ModerationReportsResponse = {
  results: [],
  count: 0,
  translation_reports: [],
};

/** Many groups: the same shapes with other people and messages. */
export const manyQueue: ModerationReportsResponse = {
  results: Array.from({ length: 8 }, (_, index) => ({
    ...(index % 2 === 0 ? messageGroup : personGroup),
    key: `group:${index}`,
    reported_user: {
      ...(index % 2 === 0 ? messageGroup : personGroup).reported_user,
      id: 30 + index,
      username: `person${index + 1}`,
    },
  })),
  count: 8,
  translation_reports: [translationReport, { ...translationReport, id: 10 }],
};

export const longQueue: ModerationReportsResponse = {
  ...queue,
  results: [
    {
      ...messageGroup,
      message: { ...reported, message: longText, original_message: longText, translated: false },
    },
  ],
  count: 1,
};

/** GET /moderation/reports/ answering `body` (or `status` with a detail), optionally never. */
export function reportsAnswer(
  body: ModerationReportsResponse = queue,
  options: { status?: number; hang?: boolean } = {},
) {
  return http.get('/moderation/reports/', async ({ request }) => {
    if (options.hang) await new Promise(() => undefined);
    if (options.status && options.status !== 200) {
      return HttpResponse.json({ detail: 'Server error' }, { status: options.status });
    }
    const sort = new URL(request.url).searchParams.get('sort');
    const results =
      sort === 'most'
        ? [...body.results].sort((a, b) => b.report_count - a.report_count)
        : body.results;
    return HttpResponse.json({ ...body, results });
  });
}

/** The server's words when an action is refused (the failed-action story). */
export const refusal = 'Staff accounts can only be changed with the server command.';

/** POST /moderation/actions/: 201 with an audit entry, or `status` with the refusal. */
export function actionsAnswer(status = 201, seen: ModerationActionRequest[] = []) {
  return http.post('/moderation/actions/', async ({ request }) => {
    const body = (await request.json()) as ModerationActionRequest;
    seen.push(body);
    if (status !== 201) return HttpResponse.json({ detail: refusal }, { status });
    return HttpResponse.json(
      {
        entry: { ...earlierAction, id: 99, action: body.action, reason: body.reason ?? '' },
        resolved_reports: body.report_ids?.length ?? 0,
      },
      { status: 201 },
    );
  });
}

export const auditEntries: ModerationAuditEntry[] = [
  {
    ...earlierAction,
    id: 12,
    action: 'suspend',
    reason: 'Repeated insults',
    suspended_until: '2026-12-03T10:00:00Z',
    created_at: '2026-11-26T11:00:00Z',
  },
  {
    ...earlierAction,
    id: 11,
    action: 'remove_message',
    message_id: 41,
    message_text: 'Nadie te quiere aquí, vete.',
    reason: 'Harassment',
    created_at: '2026-11-26T10:30:00Z',
  },
  { ...earlierAction, id: 10, target: { id: 15, username: 'eve' }, action: 'dismiss', reason: '' },
];

/** GET /moderation/audit/: the first page links to an older one holding `earlierAction`. */
export function auditAnswer(status = 200) {
  return http.get('/moderation/audit/', ({ request }) => {
    if (status !== 200)
      return HttpResponse.json({ detail: 'Only staff may read the audit log.' }, { status });
    const params = new URL(request.url).searchParams;
    if (params.get('before_id')) return HttpResponse.json({ results: [earlierAction], next: null });
    const action = params.get('action');
    const target = params.get('target_id');
    const results = auditEntries.filter(
      (entry) =>
        (!action || entry.action === action) && (!target || String(entry.target.id) === target),
    );
    return HttpResponse.json({
      results,
      next: action || target ? null : '/moderation/audit/?before_id=10',
    });
  });
}

/** The server's sign-in answer for a suspended account (issue 29). */
export const SUSPENDED_DETAIL = 'Your account is suspended until 2026-12-03 10:00 UTC.';
export const loginSuspended = http.post('/accounts/login/', () =>
  HttpResponse.json({ detail: SUSPENDED_DETAIL }, { status: 403 }),
);
