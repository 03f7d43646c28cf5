import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf, ResponseCode, type ApiFailure, type FieldError } from '../contract/codes.ts';
import type { Language } from '../contract/i18n.ts';
import { formatMessage, labelOf, typeLabels, type MessageKey } from '../contract/messages.ts';
import { AppError } from '../errors.ts';
import { requestLanguage } from './language.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldOf(error: AjvError): string {
  if (error.keyword === 'required') return String(error.params.missingProperty ?? '');
  const parts = error.instancePath.split('/').filter(Boolean);
  return parts.at(-1) ?? '';
}

/** Turns one schema failure into the spec's form message for that field. */
function fieldMessage(error: AjvError, lang: Language): FieldError {
  const field = fieldOf(error);
  const label = labelOf(field, lang);
  const say = (key: MessageKey, params: Record<string, string | number> = {}) => ({
    field,
    message: formatMessage(key, lang, { label, ...params }),
  });
  switch (error.keyword) {
    case 'required':
      return say('required');
    case 'minLength':
      return Number(error.params.limit) <= 1 ? say('required') : say('tooShort', { min: Number(error.params.limit) });
    case 'maxLength':
      return say('tooLong', { max: Number(error.params.limit) });
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
