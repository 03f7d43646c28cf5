import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { publicAccess, sessionAccess } from '../../access/declare.ts';
import { App, AppInput, AppToken, AppUpdateInput, AppWithSecret, TokenQuery } from '../../contract/apps.ts';
import { ResponseCode } from '../../contract/codes.ts';
import { IdList } from '../../contract/common.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { formatMessage } from '../../contract/messages.ts';
import { AppError } from '../../errors/app-error.ts';
import { requestLanguage } from '../../http/language.ts';
import { ok } from '../../http/reply.ts';
import type { AppService } from './service.ts';

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/**
 * /api/apps: the administrator's list of applications. Session only: an application never manages applications,
 * so these routes are not served under /open.
 */
export const appRoutes: FastifyPluginAsyncTypebox<{ apps: AppService }> = async (app, { apps }) => {
  const session = { access: sessionAccess };

  app.get('/apps', { config: session, schema: { response: { 200: Ok(Type.Array(App)), ...failures } } }, async () =>
    ok(await apps.list()),
  );
  app.post(
    '/apps',
    { config: session, schema: { body: AppInput, response: { 200: Ok(AppWithSecret), ...failures } } },
    async (req) => ok(await apps.create(req.body)),
  );
  app.put(
    '/apps',
    { config: session, schema: { body: AppUpdateInput, response: { 200: Ok(App), ...failures } } },
    async (req) => ok(await apps.update(req.body)),
  );
  app.delete(
    '/apps',
    { config: session, schema: { body: IdList, response: { 200: Ok(Type.Null()), ...failures } } },
    async (req) => {
      await apps.remove(req.body);
      return ok(null);
    },
  );
  app.put(
    '/apps/:id/reset-secret',
    { config: session, schema: { params: IdParams, response: { 200: Ok(AppWithSecret), ...failures } } },
    async (req) => ok(await apps.resetSecret(req.params.id)),
  );
};

/** The token exchange answers a wrong pair the way Qinglong does: HTTP 200 with `{code: 400}`. */
const Refused = Type.Object({ code: Type.Literal(400), message: Type.String(), error: Type.String() });

/**
 * GET /open/auth/token?client_id&client_secret: the one public route of the open API. Rate-limited like sign-in,
 * though a 24-character secret cannot be guessed in any number of tries.
 */
export const appTokenRoutes: FastifyPluginAsyncTypebox<{ apps: AppService }> = async (app, { apps }) => {
  app.get(
    '/auth/token',
    {
      config: { access: publicAccess, rateLimit: { max: 100, timeWindow: 60_000 } },
      schema: { querystring: TokenQuery, response: { 200: Type.Union([Ok(AppToken), Refused]), ...failures } },
    },
    async (req) => {
      try {
        return ok(await apps.issueToken(req.query.client_id, req.query.client_secret));
      } catch (error) {
        if (!(error instanceof AppError) || error.key !== 'appCredentialsInvalid') throw error;
        const message = formatMessage('appCredentialsInvalid', requestLanguage(req));
        return { code: ResponseCode.badRequest, message, error: error.key } as const;
      }
    },
  );
};
