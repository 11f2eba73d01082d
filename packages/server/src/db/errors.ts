/** The name of the unique constraint a failed insert ran into, looking through wrapper errors. */
export function uniqueViolationConstraint(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    }
    current = candidate.cause;
  }
  return null;
}

// Fields database drivers put on their errors that may carry people's data: the statement's
// parameters (a message's text, a name), the statement itself, and PostgreSQL's `detail`
// ("Key (username)=(…) already exists"). Logs keep the rest.
const DATA_BEARING_FIELDS = new Set([
  'query',
  'params',
  'parameters',
  'detail',
  'where',
  'internalQuery',
]);
const FAILED_QUERY = /^Failed query:[\s\S]*$/;
const MAX_CAUSES = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * An error as the log shows it (the logger's `err` serializer): name, message, stack, code and
 * cause, without the SQL and parameters of a failed query, which may be a message's text.
 */
export function loggableError(error: unknown, depth = 0): LoggedError | unknown {
  if (!(error instanceof Error)) return error;
  const redact = (text: string) =>
    text.replace(FAILED_QUERY, 'Failed query (statement and parameters not logged)');
  // The stack's first lines repeat the message; its frames follow from the first "at".
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const logged: LoggedError = {
    type: error.name,
    message: redact(error.message),
    stack:
      error.stack && FAILED_QUERY.test(error.message)
        ? `${error.name}: ${redact(error.message)}${frames >= 0 ? error.stack.slice(frames) : ''}`
        : error.stack,
  };
  for (const [field, value] of Object.entries(error)) {
    if (DATA_BEARING_FIELDS.has(field) || field === 'cause') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      logged[field] = value;
    }
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = loggableError(error.cause, depth + 1) as LoggedError;
  }
  return logged;
}
