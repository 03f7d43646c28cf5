import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../time/clock.ts';
import type { Database } from '../db/schema.ts';

/** Sessions last 20 days, as Qinglong's do; a session is also ended by logout or a change of credentials. */
const sessionLifetimeMs = 20 * 24 * 3600 * 1000;
/** Sessions kept per platform (desktop / mobile); the oldest beyond this are ended. */
const sessionsPerPlatform = 10;

export interface TokenCodec {
  sign(payload: { jti: string; sub: string }, options: { expiresIn: number }): string;
  verify(token: string): { jti?: unknown };
}

/** How long a session found live is trusted without reading the database again. */
const recheckMs = 2000;

export type SessionCheck = { ok: true; sessionId: string } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * A JWT is only a pointer: it must also name a live row of the sessions table. That makes logout and "change of
 * password ends every session" immediate, which a bare JWT cannot do.
 */
export class SessionStore {
  /**
   * Sessions found live in the last moment (id → when to look again), so a busy client costs one database read
   * every couple of seconds rather than one per request. Logout and credential changes in this process drop them at
   * once; a change made by another process (`ql resetpwd`) is seen within `recheckMs`.
   */
  private readonly known = new Map<string, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly codec: TokenCodec,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, platform: string, ip: string): Promise<string> {
    const id = randomUUID();
    const now = this.clock.now();
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sessions')
        .values({ id, user_id: userId, platform, ip, created_at: now, expires_at: now + sessionLifetimeMs })
        .execute();
      const keep = tx
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(sessionsPerPlatform);
      await tx
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('platform', '=', platform)
        .where('id', 'not in', keep)
        .execute();
    });
    // The oldest sessions of this platform may just have been ended.
    this.known.clear();
    return this.codec.sign({ jti: id, sub: String(userId) }, { expiresIn: sessionLifetimeMs / 1000 });
  }

  async check(token: string): Promise<SessionCheck> {
    let jti: unknown;
    try {
      jti = this.codec.verify(token).jti;
    } catch (error) {
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      return { ok: false, reason: expired ? 'expired' : 'invalid' };
    }
    if (typeof jti !== 'string') return { ok: false, reason: 'invalid' };
    const recheckAt = this.known.get(jti);
    if (recheckAt !== undefined && recheckAt > this.clock.now()) return { ok: true, sessionId: jti };
    const row = await this.db
      .selectFrom('sessions')
      .select(['id', 'expires_at'])
      .where('id', '=', jti)
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock.now()) return { ok: false, reason: 'expired' };
    if (this.known.size >= 1000) this.known.clear();
    this.known.set(row.id, Math.min(row.expires_at, this.clock.now() + recheckMs));
    return { ok: true, sessionId: row.id };
  }

  async end(sessionId: string): Promise<void> {
    this.known.delete(sessionId);
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async endAll(userId: number): Promise<void> {
    // One account: forgetting every known session is exact, not merely safe.
    this.known.clear();
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}
