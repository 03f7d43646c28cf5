import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A run's own token: what its script uses to reach the daemon while it runs — sending notifications (POST
 * /api/notify/script) and QLAPI's calls under /open for the run scopes (`runScopes` of contract/access.ts: variables
 * and tasks). The runner issues one per run and revokes it when the run ends; they live in memory only, so a restart
 * voids them all. It is never a session and never an application.
 */
export class RunTokens {
  private readonly byRun = new Map<string, string>();
  private readonly byToken = new Map<string, string>();

  /**
   * @param endpointBase the daemon's local URL including the base path, e.g. `http://127.0.0.1:5700/` — read
   *   lazily, because the port is only known once the server listens.
   */
  constructor(private readonly endpointBase: () => string) {}

  /** A fresh token for the run (replacing any earlier one for the same run). */
  issue(runId: string | number): string {
    this.revoke(runId);
    const token = randomBytes(24).toString('base64url');
    this.byRun.set(String(runId), token);
    this.byToken.set(token, String(runId));
    return token;
  }

  revoke(runId: string | number): void {
    const token = this.byRun.get(String(runId));
    if (token === undefined) return;
    this.byRun.delete(String(runId));
    this.byToken.delete(token);
  }

  /** The run a token belongs to, or undefined. */
  check(token: string | undefined): string | undefined {
    if (!token) return undefined;
    const runId = this.byToken.get(token);
    if (runId === undefined) return undefined;
    const expected = Buffer.from(this.byRun.get(runId) ?? '');
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given) ? runId : undefined;
  }

  /** Issues a token and returns the variables to add to the run's environment. */
  envFor(runId: string | number): { BAIHU_NOTIFY_URL: string; BAIHU_NOTIFY_TOKEN: string } {
    return { BAIHU_NOTIFY_URL: this.endpointBase(), BAIHU_NOTIFY_TOKEN: this.issue(runId) };
  }
}
