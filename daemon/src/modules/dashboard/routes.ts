import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { scopeAccess } from '../../access/declare.ts';
import { FreshQuery } from '../../contract/about.ts';
import { Overview, TaskFigure } from '../../contract/dashboard.ts';
import { failures, Ok } from '../../contract/envelope.ts';
import { ok } from '../../http/reply.ts';
import { dayText } from '../../time/wall-clock.ts';
import type { DashboardService } from './service.ts';

// Qinglong's `dashboard` scope: an application holding it reads the overview under /open/dashboard.
const access = { access: scopeAccess('dashboard') };

const Trend = Type.Array(
  Type.Object({ date: Type.String(), total: Type.Integer(), success: Type.Integer(), fail: Type.Integer() }),
);
const QlOverview = Type.Object({
  total: Type.Integer(),
  enabled: Type.Integer(),
  running: Type.Integer(),
  queued: Type.Integer(),
  today: Type.Object({ runs: Type.Integer(), success: Type.Integer(), fail: Type.Integer(), rate: Type.Number() }),
});
const Runtime = Type.Object({
  running: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), startedAt: Type.Number() })),
  queued: Type.Integer(),
});

/**
 * GET /api/dashboard: Baihu's overview in one reply. Beside it, Qinglong 2.21's dashboard paths (`overview`, `trend`,
 * `top-time`, `top-count`, `runtime`, `record`) answer from the same figures, so its clients find them.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboard: DashboardService }> = async (
  app,
  { dashboard },
) => {
  app.get(
    '/dashboard',
    { config: access, schema: { querystring: FreshQuery, response: { 200: Ok(Overview), ...failures } } },
    async (req) => ok(await dashboard.overview({ freshSizes: req.query.fresh === 'true' })),
  );
  app.get(
    '/dashboard/overview',
    { config: access, schema: { response: { 200: Ok(QlOverview), ...failures } } },
    async () => {
      const o = await dashboard.overview();
      const today = o.daily.at(-1)!;
      return ok({
        total: o.tasks.total,
        enabled: o.tasks.enabled,
        running: o.runningCount,
        queued: o.queuedCount,
        today: {
          runs: today.runs,
          success: today.runs - today.failed,
          fail: today.failed,
          rate: today.runs ? Math.round(((today.runs - today.failed) / today.runs) * 1000) / 10 : 0,
        },
      });
    },
  );
  app.get(
    '/dashboard/trend',
    {
      config: access,
      schema: {
        querystring: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 30, default: 7 }) }),
        response: { 200: Ok(Trend), ...failures },
      },
    },
    async (req) => {
      const { daily } = await dashboard.buckets();
      const timezone = dashboard.timezone();
      return ok(
        daily.slice(-req.query.days).map((d) => ({
          date: dayText(d.start, timezone),
          total: d.runs,
          success: d.runs - d.failed,
          fail: d.failed,
        })),
      );
    },
  );
  const top = { config: access, schema: { response: { 200: Ok(Type.Array(TaskFigure)), ...failures } } };
  app.get('/dashboard/top-time', top, async () => ok(await dashboard.today('avgMs')));
  app.get('/dashboard/top-count', top, async () => ok(await dashboard.today('runs')));
  app.get(
    '/dashboard/runtime',
    { config: access, schema: { response: { 200: Ok(Runtime), ...failures } } },
    async () => {
      const o = await dashboard.overview();
      return ok({
        running: o.running.flatMap((r) =>
          r.kind === 'task' && r.refId !== null && r.startedAt !== null
            ? [{ id: r.refId, name: r.name ?? '', startedAt: r.startedAt }]
            : [],
        ),
        queued: o.queuedCount,
      });
    },
  );
  // Qinglong's task.sh reports each run's end here; Baihu's job kernel records every run itself, so the report is
  // accepted and nothing is added (a second record would count the run twice).
  app.post(
    '/dashboard/record',
    {
      config: access,
      schema: {
        body: Type.Optional(
          Type.Object({
            ref_id: Type.Optional(Type.Integer()),
            code: Type.Optional(Type.Integer()),
            elapsed: Type.Optional(Type.Number()),
          }),
        ),
        response: { 200: Ok(Type.Null()), ...failures },
      },
    },
    async () => ok(null),
  );
};
