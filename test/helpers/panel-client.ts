/**
 * A client of a running panel over HTTP, as a user's browser or a Qinglong client reaches it: the first-run setup,
 * the session, `/api/<route>` calls and the health answer.
 */
import type { Cron } from '../../daemon/src/contract/tasks.ts';
import { CronStatus } from '../../daemon/src/contract/enums.ts';

/** The account the tests set panels up with (the same as test/helpers/app.ts's). */
export const account = { username: 'keeper', password: 'correct-horse-42' };

export interface Answer<T> {
  status: number;
  code: number;
  data: T;
  message?: string;
}

export interface PanelClient {
  url: string;
  /** A call of `/api/<route>` with the session (once signed in); the body is sent as JSON. */
  api<T = unknown>(method: string, route: string, body?: unknown): Promise<Answer<T>>;
  /** `GET /api/health` when it says ok and ready (loaded, start work done), else null. */
  health(): Promise<{ version: string; uptime: number } | null>;
  /** Waits for the health answer; fails early when `alive` says the daemon's process ended. */
  healthy(timeoutMs: number, alive?: () => boolean, output?: () => string): Promise<void>;
  /** The first-run setup (creates the account), then signs in. */
  setUp(credentials?: typeof account): Promise<void>;
  /** Signs in with an account made before. */
  signIn(credentials?: typeof account): Promise<void>;
}

export function panelClient(url: string): PanelClient {
  let token = '';
  const api = async <T>(method: string, route: string, body?: unknown): Promise<Answer<T>> => {
    const res = await fetch(`${url}/api/${route}`, {
      method,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { code: number; data: T; message?: string };
    return { status: res.status, code: json.code, data: json.data, message: json.message };
  };
  const health = async () => {
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      const body = (await res.json()) as {
        data?: { status?: string; version?: string; uptime?: number; ready?: boolean };
      };
      // Up but still loading (ready: false) is not yet the panel; an older version has no `ready`.
      return body.data?.status === 'ok' && body.data.ready !== false
        ? { version: body.data.version ?? '', uptime: body.data.uptime ?? 0 }
        : null;
    } catch {
      return null;
    }
  };
  const signIn = async (credentials = account) => {
    const login = await api<{ token: string }>('POST', 'user/login', credentials);
    if (login.code !== 200) throw new Error(`could not sign in: ${JSON.stringify(login)}`);
    token = login.data.token;
  };
  return {
    url,
    api,
    health,
    async healthy(timeoutMs, alive = () => true, output = () => '') {
      const deadline = Date.now() + timeoutMs;
      while (!(await health())) {
        if (Date.now() > deadline || !alive()) throw new Error(`the panel did not answer at ${url}:\n${output()}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async setUp(credentials = account) {
      const init = await api('PUT', 'user/init', credentials);
      if (init.code !== 200) throw new Error(`the first-run setup failed: ${JSON.stringify(init)}`);
      await signIn(credentials);
    },
    signIn,
  };
}

/** A task of `command` made and run through the API; answers the task once its run ended, and the run's log. */
export async function runTaskOver(
  panel: PanelClient,
  command: string,
  timeoutMs = 120_000,
): Promise<{ cron: Cron; log: string }> {
  const created = await panel.api<Cron>('POST', 'crons', { name: command, command, schedule: '0 0 1 1 *' });
  if (created.code !== 200) throw new Error(`could not make the task ${command}: ${JSON.stringify(created)}`);
  const { id } = created.data;
  await panel.api('PUT', 'crons/run', [id]);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const cron = (await panel.api<Cron>('GET', `crons/${id}`)).data;
    if (cron.status === CronStatus.idle && cron.last_end) {
      return { cron, log: String((await panel.api('GET', `crons/${id}/log`)).data) };
    }
    if (Date.now() > deadline) throw new Error(`the run of ${command} did not end: ${JSON.stringify(cron)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
