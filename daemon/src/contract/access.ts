/**
 * Who may call a route. Every route declares one of these where it is defined; one hook enforces it on the route the
 * router matched (daemon/src/access). The scope names are Qinglong's, so its applications keep their permissions.
 */
export const appScopes = [
  'crons',
  'envs',
  'subscriptions',
  'configs',
  'scripts',
  'logs',
  'dependencies',
  'system',
  // Qinglong's backend has it too (its built-in system app holds it): the overview's routes, /open/dashboard.
  'dashboard',
] as const;
export type AppScope = (typeof appScopes)[number];

/**
 * The scopes a run's own token holds under /open: what QLAPI calls (variables and tasks). Notifications go through
 * the run's notification route; nothing else is reachable with it.
 */
export const runScopes: readonly AppScope[] = ['envs', 'crons'];

export const AccessKind = {
  /** Anyone: sign-in, the first-run account step, health, the UI's files. */
  public: 'public',
  /** The signed-in administrator only, never an application (account, applications, update, backup). */
  session: 'session',
  /** The administrator, or an application token holding the scope (the open API). */
  scope: 'scope',
  /** A live run's own token (scripts reaching the daemon while they run), nothing else. */
  run: 'run',
  /** Nobody: the twin of a route that the open API (/open) does not serve. It answers 404. */
  closed: 'closed',
  /** `task` and `ql` on this machine: a loopback peer holding the key the daemon writes into data/db at start. */
  local: 'local',
} as const;
export type AccessKind = (typeof AccessKind)[keyof typeof AccessKind];
