import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { AboutInfo, DataSizesReply, FreshQuery } from '../../contract/about.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import type { AboutService } from './service.ts';

const access = { access: scopeAccess('system') };

const sendMarkdown = (reply: FastifyReply, text: string) =>
  reply.header('content-type', 'text/markdown; charset=utf-8').send(text);

/** `/api/system/about`, the data folder's sizes, and the shipped guides as text. */
export const aboutRoutes: FastifyPluginAsyncTypebox<{ about: AboutService }> = async (app, { about }) => {
  app.get('/system/about', { config: access, schema: { response: { 200: Ok(AboutInfo), ...failures } } }, async () =>
    ok(await about.info()),
  );

  app.get(
    '/system/about/sizes',
    { config: access, schema: { querystring: FreshQuery, response: { 200: Ok(DataSizesReply), ...failures } } },
    async (req) => ok(await about.dataSizes({ fresh: req.query.fresh === 'true' })),
  );

  app.get(
    '/system/docs/:name',
    {
      config: access,
      schema: { params: Type.Object({ name: Type.String({ maxLength: 40 }) }), response: { ...failures } },
    },
    async (req, reply) => sendMarkdown(reply, await about.doc(req.params.name)),
  );
};
