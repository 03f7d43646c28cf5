import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * python3 as runs find it on PATH, and the interpreter it leads to. A version manager's shim (pyenv's is a bash
 * script that looks the version up: 50–90 ms a start on the dev machine, against 30–45 ms for the interpreter) is
 * not in the image, so the run benches budget the runner with the interpreter itself and say which they used.
 * Null when there is no python3.
 */
export function python3OnPath(): { found: string; interpreter: string; shim: boolean } | null {
  try {
    const found = execFileSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).trim();
    const shim = readFileSync(found).subarray(0, 2).equals(Buffer.from('#!'));
    const interpreter = shim
      ? execFileSync(found, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim()
      : found;
    return { found, interpreter, shim };
  } catch {
    return null;
  }
}
