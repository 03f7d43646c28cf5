import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ResponseCode } from '../../contract/codes.ts';
import { Failure, failures, Ok } from '../../contract/envelope.ts';
import {
  InitBody,
  LoginBody,
  LoginLogEntry,
  LoginResult,
  TwoFactorActiveBody,
  TwoFactorInit,
  TwoFactorLoginBody,
  UpdateUserBody,
  UserInfo,
} from '../../contract/user.ts';
import { AppError } from '../../errors/app-error.ts';
import { ok } from '../../http/reply.ts';
import { exactLanguage, panelLanguageHeader, type Language } from '../../contract/i18n.ts';
import { avatarContentTypes, avatarMaxBytes, imageExtension, readAvatar, removeAvatar, storeAvatar } from './avatar.ts';
import type { Caller, UserService } from './service.ts';
import { publicAccess, sessionAccess } from '../../access/declare.ts';

/** The sign-in routes' one per-IP limit, shared by all three: enough for a person and scripts, too few for guessing. */
export const signInRateLimit = { max: 100, timeWindow: 15 * 60 * 1000 };

const callerOf = (req: FastifyRequest): Caller => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

export interface UserRouteOptions {
  users: UserService;
  uploadDir: string;
  baseUrl: string;
  /** The language a signed-in panel is shown in, as its request says. */
  panelLanguage: (lang: Language) => Promise<void>;
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRouteOptions> = async (
  app,
  { users, uploadDir, baseUrl, panelLanguage },
) => {
  const avatarUrl = (file: string) => `${baseUrl}api/static/${file}`;
  // One limiter (one store) hooked into the three routes: a route-level `rateLimit` option would give each route a
  // store of its own, and so three times the attempts.
  const signInLimit = app.rateLimit(signInRateLimit);

  app.put(
    '/user/init',
    {
      config: { access: publicAccess },
      onRequest: signInLimit,
      schema: { body: InitBody, response: { 200: Ok(LoginResult), ...failures } },
    },
    async (req) =>
      ok(await users.initialize(req.body.username, req.body.password, req.body.confirmPassword, callerOf(req))),
  );

  app.post(
    '/user/login',
    {
      config: { access: publicAccess },
      onRequest: signInLimit,
      schema: { body: LoginBody, response: { 200: Type.Union([Ok(LoginResult), Failure]), ...failures } },
    },
    async (req) => ok(await users.login(req.body.username, req.body.password, callerOf(req))),
  );

  app.put(
    '/user/two-factor/login',
    {
      config: { access: publicAccess },
      onRequest: signInLimit,
      schema: { body: TwoFactorLoginBody, response: { 200: Ok(LoginResult), ...failures } },
    },
    async (req) => ok(await users.loginWithCode(req.body.username, req.body.password, req.body.code, callerOf(req))),
  );

  app.post(
    '/user/logout',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.Null()), ...failures } } },
    async (req) => {
      await users.logout(req.sessionId!);
      return ok(null);
    },
  );

  app.get(
    '/user',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(UserInfo), ...failures } } },
    async (req) => {
      // The panel asks this on every load (and a change of language reloads it): what the daemon writes for people
      // follows the language the administrator reads the panel in, as the panel's own UI says it (no other client).
      const shown = exactLanguage(req.headers[panelLanguageHeader]);
      if (shown) await panelLanguage(shown);
      return ok(await users.info(avatarUrl));
    },
  );

  app.put(
    '/user',
    {
      config: { access: sessionAccess },
      schema: { body: UpdateUserBody, response: { 200: Ok(Type.Null()), ...failures } },
    },
    async (req) => {
      await users.updateCredentials(req.body);
      return ok(null);
    },
  );

  app.get(
    '/user/two-factor/init',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(TwoFactorInit), ...failures } } },
    async () => ok(await users.startTwoFactor()),
  );

  app.put(
    '/user/two-factor/active',
    {
      config: { access: sessionAccess },
      schema: { body: TwoFactorActiveBody, response: { 200: Ok(Type.Boolean()), ...failures } },
    },
    async (req) => ok(await users.activateTwoFactor(req.body.code)),
  );

  app.put(
    '/user/two-factor/deactivate',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.Boolean()), ...failures } } },
    async () => ok(await users.deactivateTwoFactor()),
  );

  app.get(
    '/user/login-log',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.Array(LoginLogEntry)), ...failures } } },
    async () => ok(await users.loginLog()),
  );

  app.put(
    '/user/avatar',
    { config: { access: sessionAccess }, schema: { response: { 200: Ok(Type.String()), ...failures } } },
    async (req) => {
      const file = await req.file({ limits: { fileSize: avatarMaxBytes, files: 1 } }).catch(() => undefined);
      if (!file || file.fieldname !== 'avatar') throw new AppError('avatarInvalid');
      const bytes = await file.toBuffer().catch(() => null);
      const extension = bytes ? imageExtension(bytes) : null;
      if (!bytes || file.file.truncated || !extension) throw new AppError('avatarInvalid');
      const name = await storeAvatar(uploadDir, bytes, extension);
      const previous = await users.setAvatar(name);
      await removeAvatar(uploadDir, previous);
      return ok(avatarUrl(name));
    },
  );

  app.get(
    '/static/:file',
    { config: { access: publicAccess }, schema: { params: Type.Object({ file: Type.String({ maxLength: 100 }) }) } },
    async (req, reply) => {
      const bytes = await readAvatar(uploadDir, req.params.file);
      if (!bytes) throw new AppError('notFound', ResponseCode.notFound);
      const extension = req.params.file.split('.').pop()!;
      return reply
        .header('content-type', avatarContentTypes[extension]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
};
