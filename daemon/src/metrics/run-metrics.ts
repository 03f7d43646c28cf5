import { Exposition, Histogram } from './prometheus.ts';

/** Seconds a run took: from a blink to an hour and more. */
const durationBounds = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 14400];
/** Seconds a schedule timer fired after its due time. */
const latenessBounds = [0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 30];

/** How a run ended, as far as "failed" goes: a stop by the user is not a failure. */
const failedEnds = new Set(['failed', 'timeout', 'interrupted']);

interface TaskCounts {
  started: number;
  failed: number;
}

/** What the scrape reads at the moment it is made (cheap look-ups the daemon already keeps). */
export interface MetricsSnapshot {
  /** Runs waiting, per queue. */
  queued: Readonly<Record<string, number>>;
  /** Runs running, per kind of job. */
  running: Readonly<Record<string, number>>;
  /** Task names by id, for the tasks that have counts. */
  taskNames: ReadonlyMap<number, string>;
  memory: NodeJS.MemoryUsage;
  cpu: NodeJS.CpuUsage;
  uptimeSeconds: number;
  startTimeSeconds: number;
}

/**
 * Counters since the daemon started (Prometheus expects counters to restart with the process): runs started and
 * failed per task, run durations per kind of job, and how late schedule timers fire. Updating one is a map look-up,
 * so the kernel calls it on every run without measurable cost; memory grows with the tasks that ran, not with runs.
 */
export class RunMetrics {
  private readonly tasks = new Map<number, TaskCounts>();
  private readonly ended = new Map<string, number>();
  private readonly durations = new Map<string, Histogram>();
  private readonly lateness = new Histogram(latenessBounds);

  runStarted(kind: string, refId: number | null): void {
    if (kind !== 'task' || refId === null) return;
    this.countsOf(refId).started++;
  }

  runFinished(kind: string, refId: number | null, end: string, durationMs: number | null): void {
    const key = `${kind}\0${end}`;
    this.ended.set(key, (this.ended.get(key) ?? 0) + 1);
    if (durationMs !== null) {
      let histogram = this.durations.get(kind);
      if (!histogram) this.durations.set(kind, (histogram = new Histogram(durationBounds)));
      histogram.observe(durationMs / 1000);
    }
    if (kind === 'task' && refId !== null && failedEnds.has(end)) this.countsOf(refId).failed++;
  }

  /** A schedule timer fired `lateMs` after the time it was due. */
  timerFired(lateMs: number): void {
    this.lateness.observe(Math.max(0, lateMs) / 1000);
  }

  /** Task ids that have counts (the scrape looks their names up). */
  taskIds(): number[] {
    return [...this.tasks.keys()];
  }

  write(snapshot: MetricsSnapshot): string {
    const tasks = [...this.tasks].sort(([a], [b]) => a - b);
    const taskLabels = (id: number) => ({ task_id: id, task: snapshot.taskNames.get(id) ?? '' });
    const out = new Exposition()
      .counter(
        'baihu_task_runs_started_total',
        'Task runs started since the daemon started, per task.',
        tasks.map(([id, counts]) => ({ labels: taskLabels(id), value: counts.started })),
      )
      .counter(
        'baihu_task_runs_failed_total',
        'Task runs that failed, timed out or were interrupted, per task.',
        tasks.map(([id, counts]) => ({ labels: taskLabels(id), value: counts.failed })),
      )
      .counter(
        'baihu_job_runs_finished_total',
        'Runs of every kind (task, debug, install, pull, command) that ended, by how they ended.',
        [...this.ended].map(([key, value]) => {
          const [kind, end] = key.split('\0') as [string, string];
          return { labels: { kind, end }, value };
        }),
      )
      .histogram(
        'baihu_job_run_duration_seconds',
        'How long runs took, per kind of job.',
        [...this.durations].map(([kind, histogram]) => ({ labels: { kind }, histogram })),
      )
      .gauge(
        'baihu_job_queue_length',
        'Runs waiting for a place, per queue.',
        Object.entries(snapshot.queued).map(([queue, value]) => ({ labels: { queue }, value })),
      )
      .gauge(
        'baihu_jobs_running',
        'Runs running now, per queue.',
        Object.entries(snapshot.running).map(([queue, value]) => ({ labels: { queue }, value })),
      )
      .histogram('baihu_scheduler_lateness_seconds', 'How long after its due time a schedule timer fired.', [
        { histogram: this.lateness },
      ])
      .gauge('process_resident_memory_bytes', 'Resident memory of the daemon process.', [
        { value: snapshot.memory.rss },
      ])
      .gauge('nodejs_heap_size_used_bytes', 'V8 heap in use.', [{ value: snapshot.memory.heapUsed }])
      .gauge('nodejs_heap_size_total_bytes', 'V8 heap reserved.', [{ value: snapshot.memory.heapTotal }])
      .gauge('nodejs_external_memory_bytes', 'Memory of C++ objects bound to JavaScript (buffers …).', [
        { value: snapshot.memory.external },
      ])
      .counter('process_cpu_seconds_total', 'CPU time of the daemon process (user and system).', [
        { value: (snapshot.cpu.user + snapshot.cpu.system) / 1e6 },
      ])
      .gauge('process_start_time_seconds', 'When the daemon started, in Unix seconds.', [
        { value: snapshot.startTimeSeconds },
      ])
      .gauge('baihu_uptime_seconds', 'Seconds since the daemon started.', [{ value: snapshot.uptimeSeconds }]);
    return out.text();
  }

  private countsOf(id: number): TaskCounts {
    let counts = this.tasks.get(id);
    if (!counts) this.tasks.set(id, (counts = { started: 0, failed: 0 }));
    return counts;
  }
}
