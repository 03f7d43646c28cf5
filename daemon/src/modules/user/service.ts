import { ResponseCode } from '../../contract/codes.ts';
import { LoginStatus, passwordMinLength, reservedPassword } from '../../contract/enums.ts';
import type { LoginLogEntry, LoginResult, TwoFactorInit, UserInfo } from '../../contract/user.ts';
import type { Clock } from '../../time/clock.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors/app-error.ts';
import { addressOf, deviceOf, platformOf } from '../../auth/device.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/password.ts';
import type { SessionStore } from '../../auth/sessions.ts';
import {
  accountLockoutSeconds,
  addressCeilingSeconds,
  knownAddressMs,
  lockoutSeconds,
  secondsLeft,
} from '../../auth/lockout.ts';
import { newTotpSecret, totpUrl, verifyTotp } from '../../auth/totp.ts';
import { accountId, type UserRepository } from './repository.ts';

/** Who is asking: what the login log records. */
export interface Caller {
  ip: string;
  userAgent: string | undefined;
}

function checkNewPassword(password: string, confirm: string | undefined): void {
  if (password === reservedPassword) throw new AppError('passwordAdmin');
  if (password.length < passwordMinLength) {
    throw new AppError('passwordTooShort', ResponseCode.badRequest, { min: passwordMinLength });
  }
  if (confirm !== undefined && confirm !== password) throw new AppError('passwordMismatch');
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    /** Called after every sign-in attempt; the notifications module hooks in here. */
    private readonly onLoginAttempt: (entry: Omit<LoginLogEntry, 'id'>) => void = () => {},
    /** Called once the account exists: the first-run wizard is then pending until its last step. */
    private readonly onInitialized: () => Promise<void> = async () => {},
  ) {}

  async isInitialized(): Promise<boolean> {
    return (await this.users.find()) !== undefined;
  }

  /**
   * Creates the account and signs its creator in. Succeeds once: the insert itself is the guard, so two racing calls
   * cannot both win. The session is issued here, by the step that just proved it chose the password, so the wizard
   * never has to keep or send the password again.
   */
  async initialize(
    username: string,
    password: string,
    confirm: string | undefined,
    caller: Caller,
  ): Promise<LoginResult> {
    if (await this.isInitialized()) throw new AppError('alreadyInitialized', ResponseCode.alreadyInitialized);
    checkNewPassword(password, confirm);
    const now = this.clock.now();
    const inserted = await this.users.insertIfAbsent({
      id: accountId,
      username: username.trim(),
      password_hash: await hashPassword(password),
      avatar: null,
      two_factor_secret: null,
      two_factor_pending_secret: null,
      two_factor_last_step: null,
      last_failed_at: null,
      last_login_at: null,
      last_ip: null,
      last_address: null,
      last_platform: null,
      created_at: now,
      updated_at: now,
    });
    if (!inserted) throw new AppError('alreadyInitialized', ResponseCode.alreadyInitialized);
    await this.onInitialized();
    // A session, not a sign-in: the login log and "previous sign-in" start with the first real one.
    const token = await this.sessions.create(accountId, platformOf(caller.userAgent), caller.ip);
    return { token, retries: 0 };
  }

  private async requireUser(): Promise<UserRow> {
    const user = await this.users.find();
    if (!user) throw new AppError('notInitialized', ResponseCode.badRequest);
    return user;
  }

  private async record(caller: Caller, status: LoginStatus): Promise<void> {
    const entry = {
      timestamp: this.clock.now(),
      ip: caller.ip,
      address: addressOf(caller.ip),
      platform: platformOf(caller.userAgent),
      device: deviceOf(caller.userAgent),
      status,
    };
    await this.users.addLoginLog(entry);
    this.onLoginAttempt(entry);
  }

  /**
   * Refuses every attempt, even one with the right password, while the caller's address is locked out (its own
   * failures) or, for an address that has not signed in lately, while the account is (failures from everywhere).
   */
  private async assertNotLocked(user: UserRow, caller: Caller): Promise<void> {
    const now = this.clock.now();
    const address = await this.users.address(caller.ip);
    const own = secondsLeft(lockoutSeconds(address?.failures ?? 0), address?.last_failed_at ?? null, now);
    const known = address?.last_success_at != null && now - address.last_success_at < knownAddressMs;
    const shared = known ? 0 : secondsLeft(accountLockoutSeconds(user.login_retries), user.last_failed_at, now);
    const seconds = Math.max(own, shared);
    if (seconds > 0) throw new AppError('loginLocked', ResponseCode.loginLocked, { seconds }, seconds);
  }

  private async checkCredentials(user: UserRow | undefined, username: string, password: string, caller: Caller) {
    const passwordOk = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !passwordOk || username.trim() !== user.username) {
      if (user) {
        const now = this.clock.now();
        await this.users.addressFailed(caller.ip, now);
        await this.users.update({ login_retries: user.login_retries + 1, last_failed_at: now });
        // Addresses nobody has failed from for two of the longest waits, and that are not known, are forgotten.
        await this.users.pruneAddresses(now - 2 * addressCeilingSeconds * 1000, now - knownAddressMs);
      }
      await this.record(caller, LoginStatus.fail);
      throw new AppError('wrongCredentials', ResponseCode.badRequest);
    }
  }

  /**
   * One sign-in decision at a time: the lock check, the password check and the counting happen together, so
   * parallel guesses cannot all pass the check before the first failure is counted.
   */
  private exclusive<T>(attempt: () => Promise<T>): Promise<T> {
    const result = this.signInTurn.then(attempt);
    this.signInTurn = result.catch(() => undefined);
    return result;
  }
  private signInTurn: Promise<unknown> = Promise.resolve();

  private async signIn(user: UserRow, caller: Caller): Promise<LoginResult> {
    const platform = platformOf(caller.userAgent);
    const token = await this.sessions.create(user.id, platform, caller.ip);
    await this.users.addressSucceeded(caller.ip, this.clock.now());
    await this.users.update({
      login_retries: 0,
      last_failed_at: null,
      last_login_at: this.clock.now(),
      last_ip: caller.ip,
      last_address: addressOf(caller.ip),
      last_platform: platform,
    });
    await this.record(caller, LoginStatus.success);
    // Like Qinglong, the reply tells the user where the previous sign-in came from.
    const previous: Partial<LoginResult> =
      user.last_login_at === null
        ? {}
        : {
            lastip: user.last_ip ?? '',
            lastaddr: user.last_address ?? '',
            lastlogon: user.last_login_at,
            platform: user.last_platform ?? '',
          };
    return { token, retries: user.login_retries, ...previous };
  }

  login(username: string, password: string, caller: Caller): Promise<LoginResult> {
    return this.exclusive(async () => {
      const user = await this.users.find();
      if (user) await this.assertNotLocked(user, caller);
      await this.checkCredentials(user, username, password, caller);
      if (user!.two_factor_activated) {
        throw new AppError('twoFactorRequired', ResponseCode.twoFactorRequired);
      }
      return this.signIn(user!, caller);
    });
  }

  /** Second step of a 2FA sign-in. A wrong code answers 430 and does not count towards the lockout. */
  loginWithCode(username: string, password: string, code: string, caller: Caller): Promise<LoginResult> {
    return this.exclusive(() => this.loginWithCodeNow(username, password, code, caller));
  }

  private async loginWithCodeNow(username: string, password: string, code: string, caller: Caller) {
    const user = await this.users.find();
    if (user) await this.assertNotLocked(user, caller);
    await this.checkCredentials(user, username, password, caller);
    const secret = user!.two_factor_activated ? user!.two_factor_secret : null;
    if (secret) {
      const step = verifyTotp(secret, user!.username, code, this.clock.now());
      if (step === null || step <= (user!.two_factor_last_step ?? -1)) {
        await this.record(caller, LoginStatus.fail);
        throw new AppError('twoFactorInvalid', ResponseCode.twoFactorInvalid);
      }
      await this.users.update({ two_factor_last_step: step });
    }
    return this.signIn(user!, caller);
  }

  async logout(sessionId: string): Promise<void> {
    await this.sessions.end(sessionId);
  }

  async info(avatarUrl: (file: string) => string): Promise<UserInfo> {
    const user = await this.requireUser();
    return {
      username: user.username,
      avatar: user.avatar ? avatarUrl(user.avatar) : null,
      twoFactorActivated: user.two_factor_activated === 1,
    };
  }

  /** Changing the username or the password ends every session, this one included. */
  async updateCredentials(change: {
    username: string;
    password?: string | undefined;
    confirmPassword?: string | undefined;
    oldPassword: string;
  }): Promise<void> {
    const user = await this.requireUser();
    if (!(await verifyPassword(change.oldPassword, user.password_hash))) {
      throw new AppError('wrongCurrentPassword', ResponseCode.badRequest);
    }
    const username = change.username.trim();
    const passwordChanged = change.password !== undefined && change.password !== '';
    if (passwordChanged) checkNewPassword(change.password!, change.confirmPassword);
    if (username === user.username && !passwordChanged) return;
    await this.users.update({
      username,
      ...(passwordChanged ? { password_hash: await hashPassword(change.password!) } : {}),
      updated_at: this.clock.now(),
    });
    await this.sessions.endAll(user.id);
  }

  async startTwoFactor(): Promise<TwoFactorInit> {
    const user = await this.requireUser();
    const secret = newTotpSecret();
    await this.users.update({ two_factor_pending_secret: secret });
    return { secret, url: totpUrl(secret, user.username) };
  }

  /** Activation needs a code from the app, which proves the secret was stored there. Answers false on a wrong code. */
  async activateTwoFactor(code: string): Promise<boolean> {
    const user = await this.requireUser();
    const secret = user.two_factor_pending_secret;
    if (!secret) throw new AppError('twoFactorNotStarted', ResponseCode.badRequest);
    const step = verifyTotp(secret, user.username, code, this.clock.now());
    if (step === null) return false;
    await this.users.update({
      two_factor_secret: secret,
      two_factor_pending_secret: null,
      two_factor_activated: 1,
      two_factor_last_step: step,
    });
    return true;
  }

  async deactivateTwoFactor(): Promise<boolean> {
    await this.requireUser();
    await this.users.update({ two_factor_secret: null, two_factor_pending_secret: null, two_factor_activated: 0 });
    return true;
  }

  async setAvatar(file: string): Promise<string | null> {
    const user = await this.requireUser();
    await this.users.update({ avatar: file, updated_at: this.clock.now() });
    return user.avatar;
  }

  async loginLog(): Promise<LoginLogEntry[]> {
    return this.users.listLoginLogs();
  }

  /** For `ql resetlet`: clears every failed-attempt counter, the account's and each address's. */
  async resetLockout(): Promise<void> {
    await this.users.update({ login_retries: 0, last_failed_at: null });
    await this.users.clearAddressFailures();
  }

  /** For `ql resetpwd`: sets the password without the old one (shell access is the proof); ends every session. */
  async resetPassword(password: string): Promise<void> {
    const user = await this.requireUser();
    checkNewPassword(password, undefined);
    await this.users.update({ password_hash: await hashPassword(password), updated_at: this.clock.now() });
    await this.sessions.endAll(user.id);
  }

  /** For `ql resetname`: renames the account; ends every session. */
  async resetUsername(username: string): Promise<void> {
    const user = await this.requireUser();
    await this.users.update({ username: username.trim(), updated_at: this.clock.now() });
    await this.sessions.endAll(user.id);
  }
}
