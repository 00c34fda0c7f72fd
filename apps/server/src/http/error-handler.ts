import type { ValidationErrorData } from '@trackit/contract/envelope';
import { ERROR_CATALOGUE, type ErrorKey } from '@trackit/contract/error-codes';
import { INPUT_BOUND_MESSAGES } from '@trackit/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isDateRefused } from '../db/errors';
import { AppError } from './app-error';
import { failure } from './envelope';

/** Fastify's own error codes that are the client's fault, and what we answer for them. */
const FRAMEWORK_ERRORS: Record<string, ErrorKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformedJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_VALIDATION: 'validationFailed',
};

/**
 * Sends an error envelope. It bypasses the route's answer schema: a 30110 confirmation is HTTP 200 too,
 * and must not be checked against the success answer's shape.
 */
function sendEnvelope(reply: FastifyReply, status: number, body: ReturnType<typeof failure>) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

function sendError(reply: FastifyReply, key: ErrorKey, message?: string, data: unknown = null) {
  const entry = ERROR_CATALOGUE[key];
  return sendEnvelope(reply, entry.status, failure(entry.code, message ?? entry.message, data));
}

/** Per-field messages from a zod validation failure, keyed by dotted path ('body' etc. for the whole). */
function validationFields(error: FastifyError & { validationContext?: string }): ValidationErrorData {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    fields[key] ??= issue.message ?? ERROR_CATALOGUE.validationFailed.message;
  }
  return { fields };
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return sendEnvelope(reply, error.status, failure(error.code, error.message, error.data));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const data = validationFields(error);
    const first = Object.values(data.fields)[0];
    return sendError(reply, 'validationFailed', first, data);
  }
  const frameworkKey = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (frameworkKey) return sendError(reply, frameworkKey);
  const status = error.statusCode ?? 500;
  if (status === 413) return sendError(reply, 'payloadTooLarge');
  if (status === 429) return sendError(reply, 'tooManyRequests');
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, 'badRequest');
  }
  // A date the database cannot hold got past the schemas: the request's fault. Logged without the error,
  // whose query and values are no one's business (the schemas are where to fix it).
  if (isDateRefused(error)) {
    request.log.info({ url: request.routeOptions.url }, 'date refused by the database');
    return sendError(reply, 'validationFailed', INPUT_BOUND_MESSAGES.dateOutOfRange);
  }
  // The database restarting or out of reach: the request may be sent again in a moment (a 503, which nginx
  // does not count against the process: docs/deployment.md).
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return sendError(reply, 'serviceUnavailable');
  }
  // Unexpected: keep the details in the log (with the request id), never in the answer.
  request.log.error({ err: error }, 'unexpected error');
  return sendError(reply, 'systemError');
}

export function sendRouteNotFound(reply: FastifyReply) {
  return sendError(reply, 'routeNotFound');
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(handleError);
}
