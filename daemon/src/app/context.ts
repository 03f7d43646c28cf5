import type { DependencyInstalls, DependencyService } from '../modules/dependencies/index.ts';
import type { EnvService } from '../modules/envs/index.ts';
import type { QinglongImportService } from '../modules/qinglong-import/index.ts';
import type { SubscriptionPulls } from '../modules/subscriptions/index.ts';
import type { TaskRuns } from '../modules/tasks/index.ts';
import type { SharedParts } from './shared.ts';

/**
 * `app.ctx`: the shared parts and a few areas' internals, for the server's own use, tests and benchmarks. Areas never
 * receive it: each gets what its factory declares.
 */
export interface AppContext extends SharedParts {
  version: string;
  /** Task runs: `run(ids)`, `stop(ids)`, `sync(row)`, `counts()`, `whenIdle()`. */
  taskRuns: TaskRuns;
  /** Panel environment variables (what runs see: `envs.variables()`). */
  envs: EnvService;
  dependencies: DependencyService;
  /** Installs and removals (`idle()` waits until nothing runs or waits; `activeMarker(id)`). */
  dependencyQueue: DependencyInstalls;
  /** Subscription pulls (`enqueue`, `stop`, `idle()` waits until none runs). */
  subscriptionPuller: SubscriptionPulls;
  /** The Qinglong import (`preview(dir)`, `start({dir})`): also what `ql import-qinglong` drives. */
  qinglongImport: QinglongImportService;
  /**
   * Resolves once the start work after listening is done: runs recovered, every timer armed, the areas started
   * (http/start-gate.ts). Tests and benchmarks that read the timetable or run state wait for it.
   */
  started: Promise<void>;
}
