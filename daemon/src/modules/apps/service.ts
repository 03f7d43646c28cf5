import { appScopes, type AppScope } from '../../contract/access.ts';
import {
  appTokenLifetimeSeconds,
  maxTokensPerApp,
  reservedAppNames,
  type App,
  type AppInput,
  type AppToken,
  type AppUpdateInput,
  type AppWithSecret,
} from '../../contract/apps.ts';
import { ResponseCode } from '../../contract/codes.ts';
import type { Clock } from '../../time/clock.ts';
import type { AppRow } from '../../db/schema.ts';
import { AppError, fieldError, notFound } from '../../errors/app-error.ts';
import { hashCredential, matchesHash, newAppToken, newClientId, newClientSecret } from '../../auth/app-credentials.ts';
import type { AppListRow, AppRepository } from './repository.ts';

/** Who a live app token speaks for: the app and the scopes it holds right now. */
export interface AppPrincipal {
  appId: number;
  scopes: readonly AppScope[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A client id another panel issued that Baihu keeps as it is (Qinglong's alphabet; the token route takes ≤ 200). */
const adoptableClientId = /^[A-Za-z0-9_-]{1,200}$/;

function scopesOf(text: string): AppScope[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? appScopes.filter((scope) => parsed.includes(scope)) : [];
  } catch {
    return [];
  }
}

function toApp(row: AppRow, tokens: number): App {
  return {
    id: row.id,
    name: row.name,
    scopes: scopesOf(row.scopes),
    client_id: row.client_id,
    tokens,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Scopes in the offered order, each once (the schema already refused unknown ones). */
const cleanScopes = (scopes: readonly AppScope[]) => appScopes.filter((scope) => scopes.includes(scope));

/**
 * Applications of the open API: their credentials, and the tokens they trade them for. Secrets and tokens are
 * stored hashed; a secret is returned only by create and reset, a token only by the exchange.
 */
export class AppService {
  constructor(
    private readonly repository: AppRepository,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<App[]> {
    const rows = await this.repository.list(this.clock.now());
    return rows.map((row: AppListRow) => toApp(row, Number(row.tokens)));
  }

  async create(input: AppInput): Promise<AppWithSecret> {
    return this.insert(input, await this.freshClientId());
  }

  /**
   * An application moving in from another panel (the Qinglong import): it keeps its client id, so its clients only
   * need the new secret, unless the id is not one Baihu can take (another app has it, or it is not Qinglong's shape:
   * letters, digits, `-` and `_`), when it gets a fresh one. The secret is always new: only its hash was kept here.
   */
  async adopt(input: AppInput & { clientId: string | null }): Promise<AppWithSecret & { clientIdKept: boolean }> {
    const wanted = input.clientId;
    const keep = wanted !== null && adoptableClientId.test(wanted) && !(await this.repository.findByClientId(wanted));
    const app = await this.insert(input, keep ? wanted : await this.freshClientId());
    return { ...app, clientIdKept: keep };
  }

  private async insert(input: AppInput, clientId: string): Promise<AppWithSecret> {
    const name = await this.checkName(input.name);
    const secret = newClientSecret();
    const now = this.clock.now();
    const id = await this.repository.insert({
      name,
      scopes: JSON.stringify(cleanScopes(input.scopes)),
      client_id: clientId,
      secret_hash: hashCredential(secret),
      created_at: now,
      updated_at: now,
    });
    return { ...(await this.get(id)), client_secret: secret };
  }

  async update(input: AppUpdateInput): Promise<App> {
    const row = await this.repository.find(input.id);
    if (!row) throw notFound();
    const changes: Partial<AppRow> = { updated_at: this.clock.now() };
    if (input.name !== undefined) changes.name = await this.checkName(input.name, row.id);
    // Tokens are checked against the app's scopes on every request, so a narrower set applies at once.
    if (input.scopes !== undefined) changes.scopes = JSON.stringify(cleanScopes(input.scopes));
    await this.repository.update(row.id, changes);
    return this.get(row.id);
  }

  /** Deletes the apps and, with them, every token they hold. Unknown ids are ignored (Qinglong's batch delete). */
  async remove(ids: number[]): Promise<void> {
    await this.repository.remove(ids);
  }

  /** A new secret, shown once; every token of the app stops working at once (spec §6). */
  async resetSecret(id: number): Promise<AppWithSecret> {
    const row = await this.repository.find(id);
    if (!row) throw notFound();
    const secret = newClientSecret();
    await this.repository.update(id, { secret_hash: hashCredential(secret), updated_at: this.clock.now() });
    await this.repository.dropTokens(id);
    return { ...(await this.get(id)), client_secret: secret };
  }

  /** GET /open/auth/token: credentials for a 30-day token. A wrong pair is refused the same way whichever was wrong. */
  async issueToken(clientId: string, clientSecret: string): Promise<AppToken> {
    const row = await this.repository.findByClientId(clientId);
    // A wrong client id costs the same hash as a wrong secret.
    const ok = matchesHash(clientSecret, row?.secret_hash ?? hashCredential(`${clientId}\0decoy`));
    if (!row || !ok) throw new AppError('appCredentialsInvalid', ResponseCode.badRequest);
    const token = newAppToken();
    const now = this.clock.now();
    const expiration = Math.round(now / 1000) + appTokenLifetimeSeconds;
    await this.repository.addToken(
      { hash: hashCredential(token), appId: row.id, now, expiresAt: expiration * 1000 },
      maxTokensPerApp,
    );
    return { token, token_type: 'Bearer', expiration };
  }

  /** The app a bearer token belongs to, or undefined for an unknown, expired or revoked token. */
  async principalOf(token: string): Promise<AppPrincipal | undefined> {
    // App tokens are UUIDs; anything else (a session JWT) is not looked up at all.
    if (!/^[0-9a-f-]{36}$/i.test(token)) return undefined;
    const owner = await this.repository.tokenOwner(hashCredential(token.toLowerCase()), this.clock.now());
    return owner && { appId: owner.id, scopes: scopesOf(owner.scopes) };
  }

  /** The app of a client id and secret (HTTP Basic on the metrics route), or undefined. */
  async principalOfCredentials(clientId: string, clientSecret: string): Promise<AppPrincipal | undefined> {
    const row = await this.repository.findByClientId(clientId);
    const ok = matchesHash(clientSecret, row?.secret_hash ?? hashCredential(`${clientId}\0decoy`));
    return row && ok ? { appId: row.id, scopes: scopesOf(row.scopes) } : undefined;
  }

  private async get(id: number): Promise<App> {
    const row = (await this.repository.list(this.clock.now())).find((r) => r.id === id);
    if (!row) throw notFound();
    return toApp(row, Number(row.tokens));
  }

  private async checkName(name: string, exceptId?: number): Promise<string> {
    const trimmed = name.trim();
    if (reservedAppNames.includes(trimmed.toLowerCase())) {
      throw new AppError('appNameReserved', ResponseCode.badRequest, { name: trimmed }, undefined, [
        { field: 'name', key: 'appNameReserved', params: { name: trimmed } },
      ]);
    }
    if (await this.repository.nameTaken(trimmed, exceptId)) throw fieldError('name', 'appNameTaken');
    return trimmed;
  }

  /** Twelve characters give 71 bits, so a clash is all but impossible; it is still checked, not assumed. */
  private async freshClientId(): Promise<string> {
    for (;;) {
      const id = newClientId();
      if (!(await this.repository.findByClientId(id))) return id;
    }
  }
}
