import { spawnSync } from 'node:child_process';
import { percentile, round } from './daemon.ts';

/**
 * Variables of the machine's environment that make every node process start slower and that the image does not
 * set. Node 20 reads and parses NODE_EXTRA_CA_CERTS's whole bundle before it runs a line: a machine that sets it to
 * the system's certificates pays most of each node start for it.
 */
const slowingVariables = ['NODE_EXTRA_CA_CERTS'] as const;

/** Wall time of one `node -e 0` in `env`. */
function nodeStartMs(env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0'], { env, stdio: 'ignore' });
  return performance.now() - started;
}

/**
 * Removes those variables from this process's environment, before any runner reads it, so that the node figures
 * measure a run as the image starts it, and says what they cost here (printed beside the figures): each unset
 * variable's value and a node start with and without them, 11 of each in turn. Empty when none is set.
 */
export function withoutMachineNodeSlowdowns(): Record<string, unknown> {
  const set = slowingVariables.filter((name) => process.env[name]);
  if (set.length === 0) return {};
  const without = { ...process.env };
  for (const name of set) delete without[name];
  const withSamples: number[] = [];
  const withoutSamples: number[] = [];
  for (let i = 0; i < 11; i++) {
    withSamples.push(nodeStartMs(process.env));
    withoutSamples.push(nodeStartMs(without));
  }
  const unset = Object.fromEntries(set.map((name) => [name, process.env[name]]));
  for (const name of set) delete process.env[name];
  return {
    machine_env_unset: unset,
    node_start_ms_with_them: round(percentile(withSamples, 0.5)),
    node_start_ms_without: round(percentile(withoutSamples, 0.5)),
  };
}
