import fastifyHelmet from '@fastify/helmet';
import fastifyJwt from '@fastify/jwt';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import { loadOrCreateSecret } from './auth/secret.ts';
import { SessionStore } from './auth/sessions.ts';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { installErrorHandling } from './http/errors.ts';
import { installTextCheck, parseQuery } from './http/text-check.ts';
import { installBodyParsers } from './http/bodies.ts';
import { installAccess } from './access/enforce.ts';
import { installRawPathWall } from './access/raw-path.ts';
import { recordRoutes } from './access/route-table.ts';
import { mountOpenApi } from './access/open-surface.ts';
import { AppRepository } from './modules/apps/repository.ts';
import { appRoutes, appTokenRoutes } from './modules/apps/routes.ts';
import { AppService } from './modules/apps/service.ts';
import { observeRoutes } from './modules/observe/routes.ts';
import { RunMetrics } from './metrics/run-metrics.ts';
import { lazyCompilers } from './http/lazy-compilers.ts';
import { defaultBodyLimit, defaultTimeouts, type ServerTimeouts } from './http/limits.ts';
import { installUi } from './http/ui.ts';
import { NotificationRepository } from './modules/notifications/repository.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { NotificationService } from './modules/notifications/service.ts';
import { installScriptLibraries } from './notify/install-scripts.ts';
import { Notifier, type NotifierOptions } from './notify/notifier.ts';
import { RunTokens } from './notify/run-tokens.ts';
import { LiveHub } from './live/hub.ts';
import { liveRoutes } from './live/routes.ts';
import { CronEngine } from './modules/crons/engine.ts';
import { noticeRunEnd } from './modules/crons/run-notices.ts';
import { EngineRepository } from './modules/crons/runs-repository.ts';
import { runLogLimitBytes, SettingKey, SettingsStore } from './modules/system/settings.ts';
import { toLanguage } from './contract/i18n.ts';
import { defaultLocalTargets } from './contract/local-targets.ts';
import { killLeftoversOfRuns } from './runner/process-kill.ts';
import { ProcessRunner } from './runner/process-runner.ts';
import { cronRoutes } from './modules/crons/routes.ts';
import { cronViewRoutes } from './modules/crons/views-routes.ts';
import { createDependencies } from './modules/dependencies/module.ts';
import { runEnvironment } from './modules/dependencies/installers.ts';
import { dependencyRoutes } from './modules/dependencies/routes.ts';
import { dependencySettingsRoutes } from './modules/dependencies/settings-routes.ts';
import { EnvRepository } from './modules/envs/repository.ts';
import { envRoutes } from './modules/envs/routes.ts';
import { EnvService } from './modules/envs/service.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { systemConfigRoutes } from './modules/system/config-routes.ts';
import { UserRepository } from './modules/user/repository.ts';
import { userRoutes } from './modules/user/routes.ts';
import { UserService } from './modules/user/service.ts';
import { dataPaths, ensureDataDirs } from './paths.ts';
import { restrictDataDir } from './data-modes.ts';
import { version } from './version.ts';
import { fromRoot } from './root.ts';
import { configRoutes } from './modules/configs/routes.ts';
import { ConfigService } from './modules/configs/service.ts';
import { LogRepository } from './modules/logs/repository.ts';
import { logRoutes } from './modules/logs/routes.ts';
import { activeLogsOf, LogService } from './modules/logs/service.ts';
import { DebugRuns } from './modules/scripts/debug.ts';
import { scriptRoutes } from './modules/scripts/routes.ts';
import { ScriptService } from './modules/scripts/service.ts';
import { createSubscriptions } from './modules/subscriptions/module.ts';
import { subscriptionRoutes } from './modules/subscriptions/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services, for the server's own use, tests and benchmarks. */
    ctx: AppContext;
  }
}

export const defaultUiDir = fromRoot('ui', 'dist');

export interface AppOptions {
  config: Config;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built UI; defaults to ui/dist of this checkout. */
  uiDir?: string;
  /** Notifier overrides (tests: hosts, timeout). */
  notify?: Partial<Omit<NotifierOptions, 'store' | 'log'>>;
  /**
   * The raw-path wall that refuses odd spellings early (default on). Tests turn it off to prove that access decided
   * on the matched route holds on its own.
   */
  rawPathWall?: boolean;
  /** Slow-request timeouts (http/limits.ts); tests shorten them. */
  timeouts?: Partial<ServerTimeouts>;
}

/** Builds the whole daemon as one Fastify instance without listening: the server starts it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const paths = dataPaths(config.dataDir);
  await ensureDataDirs(paths);
  // Missing config files come from the shipped samples; existing ones are never touched.
  const configs = new ConfigService(paths);
  await configs.seed();
  // Before the database opens, so its WAL/SHM files are made from a private database file.
  const unrestricted = await restrictDataDir(paths);

  const database = openDatabase(paths.db);
  await migrateToLatest(database.db, database.sqlite, database.file);

  const timeouts = { ...defaultTimeouts, ...options.timeouts };
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request would flood the system log of a panel that scripts call all day.
    logController: new LogController({ disableRequestLogging: true }),
    // Closing must not wait for long-lived sockets (live logs, refused upgrades): end them.
    forceCloseConnections: true,
    // Routing stays case-sensitive and strict: /API/... never matches /api/..., so it reaches no protected route.
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: true,
      maxParamLength: 500,
      querystringParser: parseQuery,
    },
    bodyLimit: defaultBodyLimit,
    connectionTimeout: timeouts.idleTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // Scalars are coerced as Qinglong's Joi converts them ("5" → 5), but a value is never wrapped into a list: with
    // coerceTypes 'array', `5` or `null` passed a bare id list's schema while the handler still got the scalar.
    ajv: { customOptions: { removeAdditional: true, coerceTypes: true, useDefaults: true } },
    schemaController: { compilersFactory: lazyCompilers() },
  }).withTypeProvider<TypeBoxTypeProvider>();
  for (const { path, code } of unrestricted) {
    // The top folder is often a mount point owned by someone else (the image's world-writable /baihu/data): the
    // folders below it, which are ours, still keep other users out.
    const level = path === paths.root ? 'info' : 'warn';
    app.log[level]({ path, code }, 'could not make private to this user');
  }
  const settings = await SettingsStore.load(database.db);
  const live = new LiveHub();
  const envs = new EnvService(new EnvRepository(database.db), clock);
  const runner = new ProcessRunner({
    paths,
    // One query per run start, so a change to the variables applies to the next run.
    variables: () => envs.variables(),
    // Installed dependencies (data/deps): module paths and their commands.
    extraEnv: () => runEnvironment(paths),
    language: () => toLanguage(settings.get(SettingKey.logLanguage, 'zh')),
    logLimitBytes: () => runLogLimitBytes(settings),
  });
  recordRoutes(app);
  installBodyParsers(app);

  await app.register(fastifyJwt, { secret: await loadOrCreateSecret(paths.db), sign: { algorithm: 'HS256' } });
  const sessions = new SessionStore(
    database.db,
    { sign: (payload, opts) => app.jwt.sign(payload, opts), verify: (token) => app.jwt.verify(token) },
    clock,
  );
  // Notifications: the panel channel, sign-in notices through the login hook, run tokens for script delivery.
  const notificationStore = new NotificationRepository(database.db);
  const notifier = new Notifier({
    store: notificationStore,
    log: app.log,
    clock,
    language: () => toLanguage(settings.get(SettingKey.logLanguage, 'zh')),
    localTargets: () => settings.get(SettingKey.notifyLocalTargets, defaultLocalTargets),
    ...options.notify,
  });
  const runTokens = new RunTokens(() => localUrl(app, config));
  await installScriptLibraries(paths, app.log);
  // Debug runs of scripts go through the same runner as task runs, with a notification token of their own.
  const debugRuns = new DebugRuns({
    runner,
    hub: live,
    paths,
    clock,
    runEnv: (id) => runTokens.envFor(id),
    onSettled: (id) => runTokens.revoke(id),
  });
  const logs = new LogService(
    paths,
    activeLogsOf(new LogRepository(database.db), () => debugRuns.activeLogs()),
  );
  const users = new UserService(new UserRepository(database.db), sessions, clock, (entry) =>
    notifier.notifyLogin(entry),
  );

  const cronEngine = new CronEngine({
    repository: new EngineRepository(database.db),
    runner,
    hub: live,
    paths,
    clock,
    settings,
    log: app.log,
    killLeftovers: killLeftoversOfRuns,
    // Each run gets a token so its scripts can notify through the daemon; it dies with the run.
    runEnv: (runId) => runTokens.envFor(runId),
    onRunSettled: (runId) => runTokens.revoke(runId),
    onRunEnd: (event) => noticeRunEnd(notifier, event),
  });
  const dependencies = createDependencies({
    db: database.db,
    hub: live,
    paths,
    settings,
    clock,
    log: app.log,
    onInstallFailed: (dependency) => notifier.notifyDependencyFailed(dependency),
  });
  // Subscriptions: pulls (git or download) with live logs, their own timers, tasks created through the crons service.
  const subscriptions = createSubscriptions({
    db: database.db,
    hub: live,
    paths,
    clock,
    log: app.log,
    engine: cronEngine,
    language: () => toLanguage(settings.get(SettingKey.logLanguage, 'zh')),
    notify: (title, content) => notifier.send(title, content),
    logLimitBytes: () => runLogLimitBytes(settings),
  });
  app.addHook('onReady', async () => {
    // Interrupted jobs and packages missing after an image update are queued again, in the background.
    void dependencies.service.recover().catch((error: unknown) => app.log.error({ err: error }, 'dependency recovery'));
    await cronEngine.start();
    await subscriptions.start();
  });
  // Runs are stopped before the database closes, so their rows are written.
  app.addHook('onClose', async () => {
    await dependencies.queue.close();
    await subscriptions.close();
    await cronEngine.close();
    await database.close();
  });

  const ctx: AppContext = {
    config,
    paths,
    clock,
    db: database.db,
    log: app.log,
    version,
    startedAt: Date.now(),
    sessions,
    users,
    notifier,
    runTokens,
    settings,
    live,
    cronEngine,
    envs,
    dependencies: dependencies.service,
    dependencyQueue: dependencies.queue,
    runner,
    debugRuns,
    subscriptions: subscriptions.service,
    subscriptionPuller: subscriptions.puller,
  };

  app.decorate('ctx', ctx);
  installErrorHandling(app);
  if (options.rawPathWall !== false) installRawPathWall(app, config.baseUrl);
  const apps = new AppService(new AppRepository(database.db), clock);
  installAccess(app, { sessions, runTokens, apps });
  installTextCheck(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The panel is usually reached over plain HTTP on a LAN; HSTS there would lock users out.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: 100 * 1024 * 1024, files: 10 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  const notifications = new NotificationService(notifier, notificationStore);
  const scripts = new ScriptService(paths, clock);
  // The areas' routes: mounted under /api for the browser, and again under /open for applications.
  const areaRoutes: FastifyPluginAsync[] = [
    async (i) => {
      await i.register(systemRoutes, { ctx });
    },
    async (i) => {
      await i.register(systemConfigRoutes, { ctx });
    },
    async (i) => {
      await i.register(userRoutes, { ctx });
    },
    async (i) => {
      await i.register(appRoutes, { apps });
    },
    async (i) => {
      await i.register(notificationRoutes, { service: notifications, settings });
    },
    async (i) => {
      await i.register(cronRoutes, { ctx, sqlite: database.sqlite });
    },
    async (i) => {
      await i.register(cronViewRoutes, { ctx });
    },
    async (i) => {
      await i.register(envRoutes, { ctx, envs });
    },
    async (i) => {
      await i.register(dependencyRoutes, { dependencies: dependencies.service });
    },
    async (i) => {
      await i.register(dependencySettingsRoutes, { settings });
    },
    async (i) => {
      await i.register(scriptRoutes, { scripts, debug: debugRuns });
    },
    async (i) => {
      await i.register(configRoutes, { configs });
    },
    async (i) => {
      await i.register(logRoutes, { logs });
    },
    async (i) => {
      await i.register(subscriptionRoutes, { subscriptions: subscriptions.service });
    },
  ];
  await app.register(
    async (api) => {
      for (const routes of areaRoutes) await api.register(routes);
      await api.register(liveRoutes, { hub: live });
      // Not an area of Qinglong's: only under /api.
      const runMetrics = new RunMetrics();
      await api.register(observeRoutes, {
        baseUrl: config.baseUrl,
        version,
        metrics: async () =>
          runMetrics.write({
            queued: {},
            running: {},
            taskNames: new Map(),
            memory: process.memoryUsage(),
            cpu: process.cpuUsage(),
            uptimeSeconds: Math.round(process.uptime()),
            startTimeSeconds: Math.round(Date.now() / 1000 - process.uptime()),
          }),
      });
    },
    { prefix: `${config.baseUrl}api` },
  );
  await mountOpenApi(app, {
    prefix: `${config.baseUrl}open`,
    areas: areaRoutes,
    publicRoutes: async (i) => {
      await i.register(appTokenRoutes, { apps });
    },
  });

  await installUi(app, options.uiDir ?? defaultUiDir, config.baseUrl, sessions);
  return app;
}

/** The daemon's own URL as a child process on this machine reaches it, base path included (BAIHU_NOTIFY_URL). */
function localUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const wildcard = ['0.0.0.0', '::', ''].includes(config.host);
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}${config.baseUrl}`;
}
