import { maxVariableBytes } from '@contract/envs.ts';

const encoder = new TextEncoder();
const kb = (bytes: number) => Math.ceil(bytes / 1024);

/**
 * How big `NAME=value` is for a run, and the most one variable may be (Linux's per-string limit; the panel refuses a
 * save past it), in KB; null when it fits. Values of one name are joined with "&" for a run, which the server checks.
 */
export function overRunLimit(name: string, value: string): { size: number; max: number } | null {
  const bytes = encoder.encode(name.trim()).length + encoder.encode(value).length + 2;
  return bytes > maxVariableBytes ? { size: kb(bytes), max: kb(maxVariableBytes) } : null;
}
