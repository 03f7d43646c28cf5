import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf, ResponseCode, type ApiFailure, type FieldError } from '../contract/codes.ts';
import type { Language } from '../contract/i18n.ts';
import { typeLabels } from '../contract/field-labels.ts';
import { formatMessage, labelOf, type MessageKey } from '../contract/messages.ts';
import { AppError } from '../errors/app-error.ts';
import { requestLanguage } from './language.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * The field at a path inside a request part, and its label: the property's name (what the UI matches its inputs by),
 * or for an element of a list `<list>.<index>` labelled "<list> item <n>"; the part itself is '' ("request body").
 */
export function fieldAt(parts: readonly string[], lang: Language): { field: string; label: string } {
  const last = parts.at(-1) ?? '';
  if (!/^\d+$/.test(last)) return { field: last, label: labelOf(last, lang) };
  const owner = parts.length > 1 ? parts.at(-2)! : '';
  const label = formatMessage('itemOf', lang, { label: labelOf(owner, lang), index: Number(last) + 1 });
  return { field: owner === '' ? last : `${owner}.${last}`, label };
}

function fieldOf(error: AjvError, lang: Language): { field: string; label: string } {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty ?? ''));
  return fieldAt(parts, lang);
}

/** Turns one schema failure into the spec's form message for that field. */
function fieldMessage(error: AjvError, lang: Language): FieldError {
  const { field, label } = fieldOf(error, lang);
  const say = (key: MessageKey, params: Record<string, string | number> = {}) => ({
    field,
    message: formatMessage(key, lang, { label, ...params }),
  });
  const limit = Number(error.params.limit);
  switch (error.keyword) {
    case 'required':
      return say('required');
    case 'minLength':
      return limit <= 1 ? say('required') : say('tooShort', { min: limit });
    case 'maxLength':
      return say('tooLong', { max: limit });
    case 'minItems':
      return limit <= 1 ? say('required') : say('tooFew', { min: limit });
    case 'maxItems':
      return say('tooMany', { max: limit });
    case 'minimum':
      return say('tooSmall', { min: limit });
    case 'maximum':
      return say('tooLarge', { max: limit });
    case 'pattern':
      if (error.params.pattern === '\\S') return say('blank');
      if (error.params.pattern === '^[0-9]{6}$') return { field, message: formatMessage('codeFormat', lang) };
      return say('invalidType', { type: typeLabels.pattern![lang] });
    case 'type': {
      const type = String(error.params.type ?? 'string');
      return say('invalidType', { type: typeLabels[type]?.[lang] ?? type });
    }
    default:
      return say('invalidType', { type: typeLabels.pattern![lang] });
  }
}

/** Fastify's own refusals of a body (before any route code runs), told as clearly as the schema's messages. */
function bodyRefusal(
  error: FastifyError,
  req: FastifyRequest,
): { key: MessageKey; code: ResponseCode; params?: Record<string, string | number> } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { key: 'bodyInvalidJson', code: ResponseCode.badRequest };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { key: 'bodyEmptyJson', code: ResponseCode.badRequest };
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = req.routeOptions.bodyLimit ?? req.server.initialConfig.bodyLimit ?? 0;
      const size = Math.round((limit / 1024 / 1024) * 10) / 10;
      return { key: 'bodyTooLarge', code: ResponseCode.payloadTooLarge, params: { size } };
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type = String(req.headers['content-type'] ?? '').slice(0, 100);
      return { key: 'mediaTypeUnsupported', code: ResponseCode.unsupportedMediaType, params: { type } };
    }
    default:
      return null;
  }
}

export function sendFailure(
  reply: FastifyReply,
  lang: Language,
  key: MessageKey,
  code: ResponseCode,
  params: Record<string, string | number> = {},
  extra: Partial<ApiFailure> = {},
): FastifyReply {
  const body: ApiFailure = { code, message: formatMessage(key, lang, params), error: key, ...extra };
  return reply.code(httpStatusOf[code]).send(body);
}

/** The one place where errors become replies. The text of unexpected errors is logged, never sent. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const lang = requestLanguage(req);
    if (thrown instanceof AppError) {
      const extra: Partial<ApiFailure> = thrown.data === undefined ? {} : { data: thrown.data };
      if (thrown.fields) {
        extra.errors = thrown.fields.map(({ field, key, params }) => ({
          field,
          message: formatMessage(key, lang, { label: labelOf(field, lang), ...params }),
        }));
      }
      return sendFailure(reply, lang, thrown.key, thrown.code, thrown.params, extra);
    }
    const error = thrown as FastifyError;
    if (error.validation) {
      const errors = (error.validation as unknown as AjvError[]).map((e) => fieldMessage(e, lang));
      return sendFailure(reply, lang, 'validationFailed', ResponseCode.badRequest, {}, { errors });
    }
    if (error.statusCode === 429) {
      return sendFailure(reply, lang, 'tooManyRequests', ResponseCode.tooManyRequests);
    }
    const refusal = bodyRefusal(error, req);
    if (refusal) return sendFailure(reply, lang, refusal.key, refusal.code, refusal.params);
    if (error.statusCode === 413) {
      const limit = req.routeOptions.bodyLimit ?? req.server.initialConfig.bodyLimit ?? 0;
      const size = Math.round((limit / 1024 / 1024) * 10) / 10;
      return sendFailure(reply, lang, 'bodyTooLarge', ResponseCode.payloadTooLarge, { size });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      req.log.info({ err: error }, 'client error');
      const code = error.statusCode === 404 ? ResponseCode.notFound : ResponseCode.badRequest;
      return sendFailure(reply, lang, code === ResponseCode.notFound ? 'notFound' : 'badRequest', code);
    }
    req.log.error({ err: error }, 'unexpected error');
    return sendFailure(reply, lang, 'internal', ResponseCode.serverError);
  });
}
