/**
 * Taking over an account from another panel (the Qinglong import): its username, its password — hashed here when
 * the source kept it in plain text, as Qinglong 2.21 does, or carried as a hash Baihu reads — its 2FA secret and its
 * avatar. The account is only created when there is none, or replaced when the user asked for it.
 */
import type { Clock } from '../../time/clock.ts';
import { hashPassword } from '../../auth/password.ts';
import { accountId, type UserRepository } from './repository.ts';

export interface AdoptedAccount {
  username: string;
  password: { kind: 'plain' | 'hash'; value: string };
  twoFactor: { secret: string; activated: boolean } | null;
  /** A file name under data/upload. */
  avatar: string | null;
}

/** `created` (there was none), `replaced` (asked to), `kept` (there is one and it stays). */
export type AdoptOutcome = 'created' | 'replaced' | 'kept';

export class AccountAdoption {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async adopt(account: AdoptedAccount, replace: boolean): Promise<AdoptOutcome> {
    const existing = await this.users.find();
    if (existing && !replace) return 'kept';
    const now = this.clock.now();
    const columns = {
      username: account.username.trim(),
      password_hash:
        account.password.kind === 'plain' ? await hashPassword(account.password.value) : account.password.value,
      avatar: account.avatar,
      two_factor_secret: account.twoFactor?.secret ?? null,
      two_factor_pending_secret: null,
      two_factor_activated: account.twoFactor?.activated ? (1 as const) : (0 as const),
      two_factor_last_step: null,
      updated_at: now,
    };
    if (existing) {
      await this.users.update({ ...columns, login_retries: 0, last_failed_at: null });
      return 'replaced';
    }
    const inserted = await this.users.insertIfAbsent({
      id: accountId,
      ...columns,
      last_failed_at: null,
      last_login_at: null,
      last_ip: null,
      last_address: null,
      last_platform: null,
      created_at: now,
    });
    // A first-run setup that won the race keeps its account.
    return inserted ? 'created' : 'kept';
  }
}
