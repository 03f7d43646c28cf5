/**
 * The live topic of each kind of job, as the UI subscribes to it: a task run `run:<runId>`, a debug run
 * `debug:<runId>`, a pull `sub:<runId>`, a command of PUT /system/command-run `cmd:<runId>`, a dependency's install
 * or removal `dep:<dependencyId>` (the latest one), an update's download `update:<runId>`, an import
 * `import:<runId>`, and a run-history retention pass `retention:<runId>`.
 */
import { dependencyTopic, importTopic, subscriptionTopic } from '../contract/enums.ts';
import { runTopic, type EndInfo } from '../contract/live.ts';
import type { JobRunRow } from '../db/schema.ts';
import type { LiveHub } from '../live/hub.ts';
import type { JobRunsRepository } from './runs-repository.ts';
import type { JobKind } from './types.ts';

const topics: Record<JobKind, { prefix: string; by: 'run' | 'ref'; name: (id: number) => string }> = {
  task: { prefix: 'run:', by: 'run', name: runTopic },
  debug: { prefix: 'debug:', by: 'run', name: (id) => `debug:${id}` },
  install: { prefix: 'dep:', by: 'ref', name: dependencyTopic },
  pull: { prefix: 'sub:', by: 'run', name: subscriptionTopic },
  command: { prefix: 'cmd:', by: 'run', name: (id) => `cmd:${id}` },
  update: { prefix: 'update:', by: 'run', name: (id) => `update:${id}` },
  import: { prefix: 'import:', by: 'run', name: importTopic },
  retention: { prefix: 'retention:', by: 'run', name: (id) => `retention:${id}` },
};

export function topicOf(kind: JobKind, runId: number, refId: number | null): string {
  const topic = topics[kind];
  return topic.name(topic.by === 'run' ? runId : (refId ?? 0));
}

/** Lets the hub find a topic that is not live any more (an old run) in the runs table. */
export function addTopicResolvers(live: LiveHub, runs: JobRunsRepository, logRoot: (relative: string) => string): void {
  for (const [kind, topic] of Object.entries(topics) as [JobKind, (typeof topics)[JobKind]][]) {
    live.addResolver(topic.prefix, async (name) => {
      const id = Number(name.slice(topic.prefix.length));
      if (!Number.isSafeInteger(id)) return null;
      const run = topic.by === 'run' ? await runs.find(id) : (await runs.runsOf(kind, id, 1).catch(() => []))[0];
      if (!run || run.kind !== kind) return null;
      return { file: run.log_path ? logRoot(run.log_path) : null, ended: endOf(run) };
    });
  }
}

const endOf = (run: JobRunRow): EndInfo | null =>
  run.end ? { end: run.end, exitCode: run.exit_code, durationMs: run.duration_ms } : null;
