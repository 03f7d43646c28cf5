import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Exposition, Histogram } from '../../daemon/src/metrics/prometheus.ts';
import { RunMetrics, type MetricsSnapshot } from '../../daemon/src/metrics/run-metrics.ts';

/** Every sample line of the text format: `name{labels} value`, labels well quoted. */
const sampleLine =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\[\\"n])*",?)*\})? (-?[0-9.e+-]+|\+Inf|-Inf|NaN)$/;

function parse(text: string): Map<string, number> {
  assert.ok(text.endsWith('\n'), 'the exposition ends with a newline');
  const samples = new Map<string, number>();
  for (const line of text.trimEnd().split('\n')) {
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    assert.match(line, sampleLine, line);
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1).replace('+Inf', 'Infinity')));
  }
  return samples;
}

const snapshot = (overrides: Partial<MetricsSnapshot> = {}): MetricsSnapshot => ({
  queued: { tasks: 2 },
  running: { tasks: 1 },
  taskNames: new Map([[7, 'sign in "daily"\nx\\y']]),
  memory: process.memoryUsage(),
  cpu: { user: 1_500_000, system: 500_000 },
  uptimeSeconds: 12,
  startTimeSeconds: 1_700_000_000,
  ...overrides,
});

test('label values are escaped; numbers spelled as Prometheus does', () => {
  const text = new Exposition()
    .gauge('g', 'help with\nnewline', [
      { labels: { a: 'quote " back \\ line \n end' }, value: Infinity },
      { value: NaN },
    ])
    .text();
  assert.match(text, /# HELP g help with\\nnewline/);
  assert.ok(text.includes('g{a="quote \\" back \\\\ line \\n end"} +Inf'));
  assert.ok(text.includes('g NaN'));
  parse(text);
});

test('histograms are cumulative with +Inf, sum and count', () => {
  const h = new Histogram([1, 5]);
  for (const v of [0.5, 1, 3, 10]) h.observe(v);
  const samples = parse(
    new Exposition().histogram('d', 'durations', [{ labels: { kind: 'task' }, histogram: h }]).text(),
  );
  assert.equal(samples.get('d_bucket{kind="task",le="1"}'), 2);
  assert.equal(samples.get('d_bucket{kind="task",le="5"}'), 3);
  assert.equal(samples.get('d_bucket{kind="task",le="+Inf"}'), 4);
  assert.equal(samples.get('d_sum{kind="task"}'), 14.5);
  assert.equal(samples.get('d_count{kind="task"}'), 4);
});

test('run metrics: started and failed per task (a stop is not a failure), durations per kind, lateness', () => {
  const metrics = new RunMetrics();
  metrics.runStarted('task', 7);
  metrics.runFinished('task', 7, 'success', 1200);
  metrics.runStarted('task', 7);
  metrics.runFinished('task', 7, 'failed', 300);
  metrics.runStarted('task', 7);
  metrics.runFinished('task', 7, 'stopped', 100);
  metrics.runStarted('task', 8);
  metrics.runFinished('task', 8, 'timeout', 60_000);
  metrics.runStarted('debug', null);
  metrics.runFinished('debug', null, 'success', null);
  metrics.timerFired(3);
  metrics.timerFired(-5);
  assert.deepEqual(metrics.taskIds().sort(), [7, 8]);
  const samples = parse(metrics.write(snapshot()));
  const seven = 'task_id="7",task="sign in \\"daily\\"\\nx\\\\y"';
  assert.equal(samples.get(`baihu_task_runs_started_total{${seven}}`), 3);
  assert.equal(samples.get(`baihu_task_runs_failed_total{${seven}}`), 1);
  assert.equal(samples.get('baihu_task_runs_failed_total{task_id="8",task=""}'), 1);
  assert.equal(samples.get('baihu_job_runs_finished_total{kind="task",end="stopped"}'), 1);
  assert.equal(samples.get('baihu_job_runs_finished_total{kind="debug",end="success"}'), 1);
  assert.equal(samples.get('baihu_job_run_duration_seconds_count{kind="task"}'), 4);
  assert.equal(samples.get('baihu_job_run_duration_seconds_bucket{kind="task",le="0.5"}'), 2);
  assert.equal(samples.get('baihu_job_run_duration_seconds_sum{kind="task"}'), 61.6);
  assert.equal(samples.has('baihu_job_run_duration_seconds_count{kind="debug"}'), false, 'no duration, no sample');
  assert.equal(samples.get('baihu_scheduler_lateness_seconds_count'), 2);
  assert.equal(samples.get('baihu_scheduler_lateness_seconds_bucket{le="0.005"}'), 2);
  assert.equal(samples.get('baihu_job_queue_length{queue="tasks"}'), 2);
  assert.equal(samples.get('baihu_jobs_running{queue="tasks"}'), 1);
  assert.equal(samples.get('process_cpu_seconds_total'), 2);
  assert.ok(samples.get('process_resident_memory_bytes')! > 0);
});
