import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { installAccess } from '../access/enforce.ts';
import { installRawPathWall } from '../access/raw-path.ts';
import { recordRoutes } from '../access/route-table.ts';
import { OpenSurface } from '../access/open-surface.ts';
import { loadOrCreateSecret } from '../auth/secret.ts';
import { SessionStore } from '../auth/sessions.ts';
import { systemClock } from '../time/clock.ts';
import { readHost } from '../config/config.ts';
import type { AppContext } from './context.ts';
import { daemonCommitIntervalMs, databaseOf, openDatabase } from '../db/open.ts';
import { localAddressEnv, localUrl } from '../http/local-url.ts';
import { installSecurityHeaders } from '../http/security-headers.ts';
import { serverOptions } from '../http/server-options.ts';
import { installErrorHandling } from '../http/errors.ts';
import { installTextCheck } from '../http/text-check.ts';
import { installBodyParsers } from '../http/bodies.ts';
import { defaultTimeouts } from '../http/limits.ts';
import { installUi } from './ui.ts';
import { ProcessExecutor } from '../jobs/executor/executor.ts';
import { ObservedJobRunner } from '../jobs/observed.ts';
import { RunMetrics } from '../metrics/run-metrics.ts';
import { JobRunsRepository } from '../jobs/runs-repository.ts';
import { LiveHub } from '../live/hub.ts';
import { liveRoutes } from '../live/routes.ts';
import { createApps } from '../modules/apps/index.ts';
import { createConfigs } from '../modules/configs/index.ts';
import { createCrons } from '../modules/tasks/index.ts';
import { createDashboard } from '../modules/dashboard/index.ts';
import { createDependencies, runEnvironment } from '../modules/dependencies/index.ts';
import { createEnvs } from '../modules/envs/index.ts';
import { createBackup, restoreAtStart } from '../modules/backup/index.ts';
import { createLogs } from '../modules/logs/index.ts';
import { createRetention } from '../modules/retention/index.ts';
import { createNotifications } from '../modules/notifications/index.ts';
import { createObserve } from '../modules/observe/index.ts';
import { createQinglongImport } from '../modules/qinglong-import/index.ts';
import { createScripts } from '../modules/scripts/index.ts';
import { createSubscriptions } from '../modules/subscriptions/index.ts';
import { createAbout } from '../modules/about/index.ts';
import { createSystem } from '../modules/system/index.ts';
import { createSystemLog } from '../modules/system-log/index.ts';
import { createUpdate, logRecovery, recoverFromFailedUpdate } from '../modules/update/index.ts';
import { createUser } from '../modules/user/index.ts';
import { installScriptLibraries, loadStockHashes } from '../notifications/install-scripts.ts';
import { Notifier, settingsStoreOf } from '../notifications/notifier.ts';
import { RunTokens } from '../notifications/run-tokens.ts';
import { LocalKey } from '../auth/local-key.ts';
import { dataPaths, ensureDataDirs } from '../config/paths.ts';
import { ensureModuleScope } from '../files/module-scope.ts';
import { logUnrestricted, restrictDataDir } from '../config/data-modes.ts';
import { fromRoot } from '../install/root.ts';
import { writtenLanguage } from '../settings/language.ts';
import { TaskQueuePolicy } from '../scheduler/task-queue.ts';
import { Timetable } from '../scheduler/timetable.ts';
import { SettingsStore } from '../settings/store.ts';
import { megabyte } from '../settings/limits.ts';
import { installStart, StartSignal } from './start.ts';
import type { AppOptions } from './options.ts';
import type { Area, SharedParts } from './shared.ts';
import { build, version } from '../install/version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services, for the server's own use, tests and benchmarks. */
    ctx: AppContext;
  }
}

const defaultUiDir = fromRoot('ui', 'dist');

/** Builds the whole daemon as one Fastify instance without listening: the server starts it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const host = options.host ?? readHost();
  const clock = options.clock ?? systemClock;
  const paths = dataPaths(config.dataDir);
  await ensureDataDirs(paths);
  // A confirmed restore is swapped in first, before anything opens a file of the data it replaces (docs/backup.md).
  const logRestore = await restoreAtStart(paths, databaseOf(config));
  // Missing config files come from the shipped samples; existing ones are never touched.
  const configs = createConfigs({ paths });
  await configs.service.seed();
  // Before the database opens, so its WAL/SHM files are made from a private database file.
  const unrestricted = await restrictDataDir(paths);
  // After a new version failed its first start, this version may have to put its database copy back first.
  const restored = await recoverFromFailedUpdate(paths.db, paths.root, version);
  // Replies, run starts, backups and close commit at once (db/sqlite/group-commit.ts); others every 10 ms at most.
  let logCommitError = (error: unknown) => console.error('database commit failed', error);
  const groupCommit = { onError: (error: unknown) => logCommitError(error), minIntervalMs: daemonCommitIntervalMs };
  // The connection that holds the PostgreSQL database's lock lost: this daemon owns it no more, and restarts.
  const owner = {
    onLost: (error: Error) => {
      console.error(error.message);
      (options.restart ?? (() => {}))();
    },
  };
  const database = await openDatabase(databaseOf(config), { groupCommit, owner });
  await database.migrate();
  database.flush();

  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const openSurface = new OpenSurface(config.baseUrl);
  const app = Fastify({
    ...serverOptions({ logger: options.logger ?? false, timeouts, rewriteUrl: openSurface.rewriteUrl }),
    ...(options.door ? { serverFactory: options.door.serverFactory } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  logCommitError = (error) => app.log.error({ err: error }, 'database commit failed');
  logRecovery(app.log, restored);
  logUnrestricted(app.log, paths, unrestricted);
  database.accelerators?.switchToIncrementalVacuum(app.log);
  logRestore(app.log);
  await ensureModuleScope(paths.root, app.log);
  recordRoutes(app, openSurface);
  installBodyParsers(app);

  // The shared parts, built once.
  const settings = await SettingsStore.load(database.db, { systemTimezone: host.systemTimezone });
  const written = { language: () => writtenLanguage(settings), timezone: () => settings.get('timezone') };
  const live = new LiveHub();
  const envs = createEnvs({ db: database.db, phrases: database.phrases, clock });
  const dependencyEnv = runEnvironment(paths, host.processEnvironment.PATH); // data/deps' paths, one for every run
  const executor = new ProcessExecutor({
    paths,
    daemonEnv: host.processEnvironment,
    // Read at each run start (kept until the envs table changes), so a change applies to the next run.
    variables: () => envs.service.variables(),
    extraEnv: () => ({ ...dependencyEnv, ...localAddressEnv(app, config) }),
    ...written,
    logLimitBytes: () => settings.get('runLogLimitMb') * megabyte,
  });
  const runTokens = new RunTokens(() => localUrl(app, config));
  // Counters since start for /api/metrics: every job's start and end, and how late schedule timers fire.
  const metrics = new RunMetrics();
  const jobs = new ObservedJobRunner(
    {
      executor,
      runs: new JobRunsRepository(database.db, database.phrases, database.flush),
      live,
      paths,
      clock,
      log: app.log,
      ...written,
      tokens: runTokens,
    },
    metrics,
  );
  const timetable = new Timetable(clock, settings);
  timetable.observeLateness((lateMs) => metrics.timerFired(lateMs));
  const taskQueue = new TaskQueuePolicy(jobs, settings, app.log);
  await app.register(fastifyJwt, { secret: await loadOrCreateSecret(paths.db), sign: { algorithm: 'HS256' } });
  const sessions = new SessionStore(
    database.db,
    { sign: (payload, opts) => app.jwt.sign(payload, opts), verify: (token) => app.jwt.verify(token) },
    clock,
  );
  const notifier = new Notifier({
    store: settingsStoreOf(settings),
    log: app.log,
    clock,
    ...written,
    localTargets: () => settings.get('notifyLocalTargets'),
    ...options.notify,
  });
  await installScriptLibraries(paths, await loadStockHashes(), app.log);
  const shared: SharedParts = {
    config,
    paths,
    clock,
    db: database.db,
    phrases: database.phrases,
    database,
    log: app.log,
    settings,
    timezone: written.timezone,
    live,
    jobs,
    timetable,
    taskQueue,
    notifier,
    sessions,
    runTokens,
  };

  // The areas, each through its factory; an area uses another only through its service.
  const startedAt = Date.now();
  const start = new StartSignal();
  const user = createUser({ ...shared, baseUrl: config.baseUrl });
  const crons = createCrons(shared);
  const dependencies = createDependencies({ ...shared, forcedLinuxManager: host.linuxPackageManager });
  const subscriptions = createSubscriptions({ ...shared, crons: crons.service });
  const apps = createApps(shared);
  const observe = createObserve({ ...shared, metrics, jobs, crons: crons.service, version, startedAt });
  const update = createUpdate({ ...shared, version, restart: options.restart });
  const about = createAbout({ ...shared, version, build, ...update.service.origin, startedAt });
  const moving = createQinglongImport({ ...shared, user, configs, crons, envs, subscriptions, dependencies, apps });
  const areas: Area<unknown>[] = [
    createSystem({
      ...shared,
      users: user.service,
      version,
      startedAt,
      ready: () => start.isDone(),
      release: () => about.service.release(),
    }),
    update,
    createSystemLog({ ...shared, file: options.systemLog }),
    about,
    user,
    apps,
    createNotifications(shared),
    crons,
    createDashboard({ ...shared, dataSizes: (o) => about.service.dataSizes(o) }),
    envs,
    dependencies,
    createScripts(shared),
    configs,
    createLogs({ ...shared, crons: crons.service }),
    subscriptions,
    moving,
    createRetention(shared),
    createBackup({
      ...shared,
      version,
      restart: options.restart ?? (() => app.log.warn('restart requested, but this daemon has no supervisor hook')),
      ...(options.qinglongImport ? { qinglongImport: options.qinglongImport } : {}),
    }),
  ];

  installStart(app, config.baseUrl, { jobs, timetable, areas }, start); // after listening (start.ts)
  // Runs are stopped before the database closes, so their rows are written.
  app.addHook('onClose', async () => {
    await timetable.close();
    for (const area of [...areas].reverse()) await area.close?.();
    await jobs.close();
    // After the runs are stopped (their rows written), before the database closes: the copy an update needs.
    await update.service.beforeExit();
    await database.close();
  });

  const ctx: AppContext = {
    ...shared,
    version,
    taskRuns: crons.runs,
    envs: envs.service,
    dependencies: dependencies.service,
    dependencyQueue: dependencies.installs,
    subscriptionPuller: subscriptions.pulls,
    qinglongImport: moving.service,
    started: start.done,
  };
  app.decorate('ctx', ctx);
  installErrorHandling(app);
  app.addHook('onSend', (_request, _reply, payload, done) => {
    database.flush();
    done(null, payload);
  });
  if (options.rawPathWall !== false) installRawPathWall(app, config.baseUrl);
  const localKey = await LocalKey.create(paths.db); // for `task` and `ql` on this machine (auth/local-key.ts)
  installAccess(app, { sessions, runTokens, apps: apps.service, surface: openSurface, localKey });
  installTextCheck(app);
  await installSecurityHeaders(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024, files: 10 } });
  // Behind a door, only the upgrades it hands over (door.ts); `ws` takes any emitter of 'upgrade' as its server.
  const upgrades = options.door ? { server: options.door.upgrades as unknown as Server } : {};
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024, ...upgrades } });

  await app.register(
    async (api) => {
      for (const area of areas) await api.register(area.routes);
      await api.register(liveRoutes, { hub: live });
      // Not one of Qinglong's areas: under /api only.
      await api.register(observe.routes);
    },
    { prefix: `${config.baseUrl}api` },
  );
  // The open API's own routes; every other /open path is served by its /api route (access/open-surface.ts).
  await openSurface.mountOwnRoutes(app, apps.tokenRoutes);

  await installUi(app, options.uiDir ?? defaultUiDir, config.baseUrl, sessions);
  return app;
}
