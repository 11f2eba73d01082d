import type { FieldErrors } from '@parley/chat-sdk';
import type { FastifyError, FastifyInstance } from 'fastify';

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
  FST_ERR_ASYNC_CONSTRAINT: 'Malformed request.',
  FST_REQ_FILE_TOO_LARGE: 'File is too large.',
  FST_FILES_LIMIT: 'Too many files.',
  FST_PARTS_LIMIT: 'Too many parts.',
  FST_FIELDS_LIMIT: 'Too many fields.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart/form-data body.',
};

function clientDetail(error: FastifyError, statusCode: number): string {
  if (error.code && FRAMEWORK_DETAILS[error.code]) return FRAMEWORK_DETAILS[error.code] as string;
  if (statusCode === 413) return 'Request body is too large.';
  if (statusCode === 415) return 'Unsupported media type.';
  return 'Bad request.';
}

/** Every failure leaves as JSON `{detail}`/field errors; 5xx bodies never carry internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(statusCode).send({ detail: clientDetail(error, statusCode) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: INTERNAL_ERROR_DETAIL });
  });
}
