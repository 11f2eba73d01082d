import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FieldErrors } from '@parley/chat-sdk';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { loggableError } from '../db/errors.js';

export const INTERNAL_ERROR_DETAIL = 'Internal server error.';
export const NOT_FOUND_DETAIL = 'Not found.';

/** An error whose body is already in the wire format: `{detail}` or field errors. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { detail: string } | FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : 'Invalid input.');
    this.name = 'HttpError';
  }
}

export function detailError(
  statusCode: number,
  detail: string,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(statusCode, { detail }, headers);
}

export function fieldError(errors: FieldErrors): HttpError {
  return new HttpError(400, errors);
}

// Fastify's own messages name internals; clients get short, stable sentences instead.
const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Malformed JSON in request body.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body does not match its Content-Length.',
  FST_ERR_BAD_URL: 'Malformed URL.',
  FST_ERR_MAX_PARAM_LENGTH: 'URL is too long.',
  FST_ERR_CTP_INVALID_TYPE: 'Unsupported media type.',
  FST_ERR_CTP_INVALID_HEADER: 'Unsupported media type.',
  FST_ERR_ASYNC_CONSTRAINT: 'Malformed request.',
  FST_REQ_FILE_TOO_LARGE: 'File is too large.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_PARTS_LIMIT: 'Too many parts.',
  FST_FIELDS_LIMIT: 'Too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data body.',
};

export const MALFORMED_MULTIPART_DETAIL = 'Malformed multipart/form-data body.';

function clientDetail(error: FastifyError, statusCode: number): string {
  if (error.code && FRAMEWORK_DETAILS[error.code]) return FRAMEWORK_DETAILS[error.code] as string;
  if (statusCode === 413) return 'Request body is too large.';
  if (statusCode === 414) return 'URL is too long.';
  if (statusCode === 415) return 'Unsupported media type.';
  return 'Bad request.';
}

// busboy's sentences for a body that does not parse as multipart (no closing boundary, a broken
// part header, no or an oversized boundary parameter, …). They are the client's mistake.
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form|file)|(Part|Preamble) terminated early|Malformed part header|Multipart: Boundary not found|Boundary required|The needle cannot|Unsupported content type|Missing Content-Type)/i;

function isMalformedMultipart(error: { message?: unknown }, request: FastifyRequest): boolean {
  return (
    typeof error.message === 'string' &&
    /^multipart\//i.test(request.headers['content-type'] ?? '') &&
    MALFORMED_MULTIPART.test(error.message)
  );
}

/**
 * Every failure leaves as JSON `{detail}`/field errors; 5xx bodies never carry internals. A
 * client's mistake is logged at info with its code only (no body, no stack); a server error at
 * error level through the `err` serializer, which leaves out SQL and its parameters.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (isMalformedMultipart(error, request)) {
      request.log.info({ reason: error.message }, 'malformed multipart body');
      // The rest of a broken body is not read: the connection closes after the answer.
      return reply
        .code(400)
        .header('Connection', 'close')
        .send({ detail: MALFORMED_MULTIPART_DETAIL });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ code: error.code, statusCode }, 'client error');
      return reply.code(statusCode).send({ detail: clientDetail(error, statusCode) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: INTERNAL_ERROR_DETAIL });
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that does not decode (`/accounts/%zz/`) or a parameter that
 * is too long, answered in the API's shape instead of Fastify's own.
 */
export function frameworkErrorAnswer(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ code: error.code, statusCode }, 'client error');
  void reply.code(statusCode).send({ detail: clientDetail(error, statusCode) });
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (broken request line or
 * headers, headers too large) gets a `{detail}` body like every other answer.
 */
export function clientErrorAnswer(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request timed out.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large.']
        : [400, 'Malformed request.'];
  this.log.debug({ code: error.code }, 'client error before routing');
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The logger options with the `err` serializer that keeps SQL and its parameters (a message's
 * text, a name) out of the log.
 */
export function withSafeErrorLogging(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : (logger as Exclude<typeof logger, boolean>);
  const serializers = (base as { serializers?: Record<string, unknown> }).serializers ?? {};
  return {
    ...base,
    serializers: { ...serializers, err: loggableError },
  } as FastifyServerOptions['logger'];
}
