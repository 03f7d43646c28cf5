/** The lines the runner writes into a log (one table, en and zh) and Qinglong's log file naming. */
import path from 'node:path';
import type { Language } from '../../contract/i18n.ts';
import { fileStamp } from '../../time/wall-clock.ts';
import type { RunOutcome } from './types.ts';

/** A size for people: `100 MB`, `64 KB`, `1500 bytes` (binary units, as the setting is given in MB). */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** Seconds with one decimal: `1.2`. */
export const seconds = (ms: number) => (ms / 1000).toFixed(1);
/** Seconds, whole when whole: `60`, `1.5`. */
const limitSeconds = (ms: number) => String(Math.round(ms / 100) / 10);

export interface EndDetail {
  outcome: RunOutcome;
  signal: string | null;
  timeoutMs: number | null;
}

/** A variable left out of a run (env-limits.ts); `size` overrides the KB shown (the wrapper's `%s`). */
export interface LeftOut {
  name: string;
  bytes: number;
  reason: 'variable' | 'total' | 'nul';
}
interface LeftOutOptions {
  /** Exported by config.sh rather than set in the panel. */
  configSh?: boolean;
  size?: string;
}
type Limits = { variable: number; total: number };

/** The lines, in one language; `time` is `YYYY-MM-DD HH:mm:ss` in the panel's zone (wall-clock.ts dateTimeText). */
export interface LineTable {
  start(time: string, title: string): string;
  end(time: string, detail: EndDetail): string;
  delay(secondsToWait: number): string;
  refused(reason: string): string;
  leftOut(variable: LeftOut, limits: Limits, options?: LeftOutOptions): string;
  truncated(limitBytes: number): string;
}

const kb = (variable: LeftOut, options: LeftOutOptions = {}) =>
  options.size ?? String(Math.ceil(variable.bytes / 1024));

export const logLines: Record<Language, LineTable> = {
  en: {
    start: (time, title) => `## Start ${time} ${title}`.trimEnd(),
    end: (time, { outcome, signal, timeoutMs }) => {
      const took = `${seconds(outcome.durationMs)} s`;
      const how = {
        success: () => `success, ${took}`,
        failed: () =>
          outcome.exitCode === null
            ? `failed (killed by ${signal ?? 'a signal'}), ${took}`
            : `failed with exit code ${outcome.exitCode}, ${took}`,
        stopped: () => `stopped, ${took}`,
        timeout: () => `timed out after ${limitSeconds(timeoutMs ?? outcome.durationMs)} s`,
      }[outcome.end]();
      return `## End ${time} — ${how}`;
    },
    delay: (s) => `Random delay: waiting ${s} s before running (RandomDelay in config.sh; add "now" to skip).`,
    refused: (reason) => `Not run: ${reason}`,
    leftOut: (variable, limits, options = {}) => {
      const what = `the variable ${variable.name}${variable.reason === 'nul' ? '' : ` (${kb(variable, options)} KB)`}`;
      const from = options.configSh ? ' that config.sh exports' : '';
      const why = {
        variable: `one variable can hold at most ${limits.variable} KB (Linux's limit)`,
        total: `with it the run's variables would pass the ${limits.total} KB a process can receive`,
        nul: 'its value holds a NUL character, which no process environment can carry',
      }[variable.reason];
      return `Left out ${what}${from}: ${why}; the run goes on without it.`;
    },
    truncated: (limit) =>
      `## Output truncated: this run printed more than ${formatSize(limit)} (the run log limit). ` +
      'The run goes on; the rest of its output is discarded.',
  },
  zh: {
    start: (time, title) => `## 开始执行 ${time} ${title}`.trimEnd(),
    end: (time, { outcome, signal, timeoutMs }) => {
      const took = `耗时 ${seconds(outcome.durationMs)} 秒`;
      const how = {
        success: () => `成功，${took}`,
        failed: () =>
          outcome.exitCode === null
            ? `失败（被信号 ${signal ?? ''} 终止），${took}`
            : `失败，退出码 ${outcome.exitCode}，${took}`,
        stopped: () => `已停止，${took}`,
        timeout: () => `超时，运行 ${limitSeconds(timeoutMs ?? outcome.durationMs)} 秒后终止`,
      }[outcome.end]();
      return `## 执行结束 ${time} ${how}`;
    },
    delay: (s) => `随机延迟 ${s} 秒后执行（config.sh 中的 RandomDelay；命令加 "now" 可跳过）。`,
    refused: (reason) => `未执行：${reason}`,
    leftOut: (variable, limits, options = {}) => {
      const what = `${options.configSh ? 'config.sh 导出的' : ''}变量 ${variable.name}${variable.reason === 'nul' ? '' : `（${kb(variable, options)} KB）`}`;
      const why = {
        variable: `单个变量最多 ${limits.variable} KB（Linux 的限制）`,
        total: `加上它，本次运行的变量将超过进程可接收的 ${limits.total} KB`,
        nul: '其值包含 NUL 字符，进程环境无法携带',
      }[variable.reason];
      return `已略去${what}：${why}；运行将在没有它的情况下继续。`;
    },
    truncated: (limit) =>
      `## 输出已截断：本次运行的输出超过 ${formatSize(limit)}（运行日志上限）。运行继续，之后的输出将被丢弃。`,
  },
};

/** Qinglong's log file name: `YYYY-MM-DD-HH-mm-ss-SSS.log`, in the panel's zone. */
export function logFileName(ms: number, zone: string): string {
  return `${fileStamp(ms, zone)}.log`;
}

/**
 * Qinglong's log folder of a task: `<parentFolder>_<basename-without-ext>_<cronId>` for `task abc/jd_x.js`
 * (→ `abc_jd_x_12`), `<basename>_<id>` for a script at the top (`foo_12`), a safe slug of anything else.
 * Without a cron id (the `task` CLI) the `_<id>` suffix is left out.
 */
export function logDirName(command: string, cronId?: number | string | null): string {
  const suffix = cronId === undefined || cronId === null || cronId === '' ? '' : `_${cronId}`;
  const match = /^task\s+(?:-l\s+|-m\s+\S+\s+)*(\S+)/.exec(command.trim());
  // An absolute path names the same script as its path inside data/scripts (…/scripts/dir/x.js is dir/x.js).
  const file = match?.[1]?.replace(/^['"]|['"]$/g, '').replace(/^\/(?:.*\/)?scripts\//, '');
  if (file && /\.(js|mjs|cjs|py|pyc|ts|sh)$/i.test(file)) {
    const base = path.posix.basename(file).replace(/\.[^.]+$/, '');
    const parent = path.posix.basename(path.posix.dirname(file));
    const name = parent && parent !== '.' && parent !== '/' && parent !== '..' ? `${parent}_${base}` : base;
    return slug(name) + suffix;
  }
  return slug(command) + suffix;
}

function slug(text: string): string {
  const cleaned = text
    .replace(/^task\s+/, '')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '_')
    .replace(/^[_.]+|_+$/g, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return cleaned || 'command';
}
