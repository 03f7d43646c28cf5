import { systemClock, type Clock } from '../time/clock.ts';
import { LoginStatus, Platform } from '../contract/enums.ts';
import { fallbackLanguage, type Language } from '../contract/i18n.ts';
import {
  closedNotification,
  defaultTaskNotifyPolicy,
  type NotificationSettings,
  type NotifyChannelId,
  type NotifySendingChannelId,
  type TaskNotifyPolicy,
} from '../contract/notifications.ts';
import { ResponseCode } from '../contract/codes.ts';
import { formatMessage, type MessageKey } from '../contract/messages.ts';
import { durationText } from '../contract/messages-notifications.ts';
import { AppError } from '../errors/app-error.ts';
import type { SettingsStore } from '../settings/store.ts';
import { channelsFromEnv } from './env-channels.ts';
import { DeliveryReports, type DeliveryOrigin, type Logger } from './deliveries.ts';
import { failureReason } from './failure.ts';
import { hitokoto } from './hitokoto.ts';
import { createHttpClient, type HttpClient } from './http.ts';
import { TargetGuard } from './local-targets.ts';
import type { LocalTargets } from '../contract/local-targets.ts';
import { defaultHosts, plainText, type ChannelSettings, type NotifyHosts, type NotifyMessage } from './provider.ts';
import { RunOutcome, shouldNotify } from './task-policy.ts';
import { dateTimeText } from '../time/wall-clock.ts';

/** Where the panel channel and the default task policy are kept. */
export interface NotificationStore {
  loadSettings(): Promise<NotificationSettings | undefined>;
  loadTaskPolicy(): Promise<TaskNotifyPolicy | undefined>;
}

/** The daemon's store: both live in the settings table, defaults included. */
export const settingsStoreOf = (settings: SettingsStore): NotificationStore => ({
  loadSettings: async () => settings.get('notification'),
  loadTaskPolicy: async () => settings.get('taskNotifyPolicy'),
});

export interface NotifierOptions {
  store: NotificationStore;
  log?: Logger;
  /** Replaces the HTTP client (tests); otherwise one is built from timeoutMs and retries. */
  http?: HttpClient;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Default 1. */
  retries?: number;
  /** Base URLs of fixed-host services; tests point them at 127.0.0.1. */
  hosts?: Partial<NotifyHosts>;
  /** Which local-network addresses channels may reach (the user's setting); none when absent. */
  localTargets?: () => LocalTargets;
  /** Language and time zone of the panel's own messages (`lang`, `timezone`); the spec's fallback and UTC without. */
  language?: () => Language;
  timezone?: () => string;
  clock?: Clock;
}

/** A script's request, as the libraries post it. */
export interface ScriptNotification {
  title: string;
  content: string;
  /** The notification variables set in the script's environment (Qinglong's names). */
  env: Record<string, string>;
  params?: Record<string, unknown>;
}

export interface DeliveryResult {
  channel: NotifyChannelId;
  ok: boolean;
  message?: string;
}

export interface LoginAttempt {
  timestamp: number;
  ip: string;
  address: string;
  platform: string;
  device: string;
  status: number;
}

export interface TaskRunReport {
  name: string;
  outcome: RunOutcome;
  previousOutcome?: RunOutcome | null;
  /** The task's own policy; the global default when absent. */
  policy?: TaskNotifyPolicy | null;
  exitCode?: number | null;
  durationMs?: number;
  /** Last lines of the log, appended to failure notices. */
  logTail?: string;
  /** The job run it reports on: a failed delivery is noted on it. */
  runId?: number;
}

const silentLog: Logger = { info: () => {}, warn: () => {} };

/**
 * Sends notifications: the panel channel (settings page), channels configured by a script's environment, sign-in and
 * task notices. `send` never throws and never blocks its caller; `sendNow` and `test` await and throw NotifyFailure.
 * Settings are never logged — only the channel id and the service's error text.
 */
export class Notifier {
  readonly http: HttpClient;
  readonly hosts: NotifyHosts;
  readonly guard: TargetGuard;
  private readonly log: Logger;
  private readonly clock: Clock;
  private readonly timeoutMs: number;
  private readonly inFlight = new Set<Promise<unknown>>();
  readonly language: () => Language;
  /** What became of the owner's notifications: `deliveries.listen(…)` (deliveries.ts). */
  readonly deliveries: DeliveryReports;

  constructor(private readonly options: NotifierOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.guard = new TargetGuard(options.localTargets);
    this.http =
      options.http ?? createHttpClient({ timeoutMs: this.timeoutMs, retries: options.retries ?? 1, guard: this.guard });
    this.hosts = { ...defaultHosts, ...options.hosts };
    this.log = options.log ?? silentLog;
    this.clock = options.clock ?? systemClock;
    this.language = options.language ?? (() => fallbackLanguage);
    const { log, clock, language } = this;
    this.deliveries = new DeliveryReports({ log, clock, language, track: (promise) => this.track(promise) });
  }

  async settings(): Promise<NotificationSettings> {
    return (await this.options.store.loadSettings()) ?? closedNotification;
  }

  async taskPolicy(): Promise<TaskNotifyPolicy> {
    return (await this.options.store.loadTaskPolicy()) ?? defaultTaskNotifyPolicy;
  }

  /**
   * Sends through one channel with the given settings; resolves when the service accepted it. With an `origin` the
   * delivery is the owner's (not a test message): it is reported (deliveries.ts), a failure into the system log too.
   */
  async deliver(
    channel: NotifyChannelId,
    settings: ChannelSettings,
    message: NotifyMessage,
    origin?: DeliveryOrigin,
  ): Promise<void> {
    if (channel === 'closed') return;
    const sent = this.sendThrough(channel, settings, message);
    if (!origin) return sent;
    await sent.then(
      () => this.deliveries.report(channel, origin, null),
      (error: unknown) => {
        this.deliveries.report(channel, origin, error);
        throw error;
      },
    );
  }

  private async sendThrough(channel: NotifySendingChannelId, settings: ChannelSettings, message: NotifyMessage) {
    // The 28 providers are loaded on the first notification: a panel that never sends keeps them out of memory.
    const { providers } = await import('./providers/index.ts');
    const provider = providers[channel];
    // Real wall time, not the injectable clock: signatures are checked against the service's own clock.
    await provider.send(plainText(message), settings, {
      http: this.http,
      hosts: this.hosts,
      guard: this.guard,
      now: () => Date.now(),
      timeoutMs: this.timeoutMs,
    });
  }

  /** Sends through the panel channel and waits. Throws NotifyFailure, or notifyClosed when no channel is set. */
  async sendNow(title: string, content: string, origin: DeliveryOrigin = {}): Promise<void> {
    const { type, ...settings } = await this.settings();
    if (type === 'closed') throw new AppError('notifyClosed', ResponseCode.badRequest);
    await this.deliver(type, settings, { title, content }, origin);
  }

  /** Fire and forget through the panel channel: never throws, never delays the caller; failures are reported. */
  send(title: string, content: string, origin: DeliveryOrigin = {}): void {
    this.track(
      this.settings().then(async ({ type, ...settings }) => {
        if (type === 'closed') return;
        await this.deliver(type, settings, { title, content }, origin).catch(() => {});
      }),
    );
  }

  /** Sends the test message with settings that are not saved yet. Throws NotifyFailure on failure. */
  async test(settings: NotificationSettings): Promise<void> {
    const { type, ...rest } = settings;
    const lang = this.language();
    await this.deliver(type, rest, {
      title: formatMessage('testTitle', lang),
      content: formatMessage('testContent', lang),
    });
  }

  /** Resolves once every fire-and-forget send has finished (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** A dependency could not be installed. `type` is the DependencyType number. */
  notifyDependencyFailed(dependency: { name: string; type: number }): void {
    const lang = this.language();
    const type = ['Node', 'Python', 'Linux'][dependency.type] ?? String(dependency.type);
    this.send(
      formatMessage('dependencyFailedTitle', lang, { name: dependency.name }),
      formatMessage('dependencyFailedContent', lang, { name: dependency.name, type }),
    );
  }

  /** The UserService hook: every sign-in attempt, success or failure, with time, IP, address and device. */
  notifyLogin(entry: LoginAttempt): void {
    const lang = this.language();
    const key = entry.status === LoginStatus.success ? 'loginSuccess' : 'loginFailure';
    this.send(
      formatMessage('loginTitle', lang),
      formatMessage(key, lang, {
        time: dateTimeText(entry.timestamp, this.options.timezone?.() ?? 'UTC'),
        address: entry.address,
        ip: entry.ip,
        device: entry.device,
        platform: formatMessage(entry.platform === Platform.mobile ? 'platformMobile' : 'platformDesktop', lang),
      }),
    );
  }

  /**
   * For the runner/scheduler after each run: applies the task's policy (or the global default) and sends the
   * matching notice. Returns whether one was sent. Never throws.
   */
  async notifyTaskRun(run: TaskRunReport): Promise<boolean> {
    const policy = run.policy ?? (await this.taskPolicy());
    if (!shouldNotify(policy, run.outcome, run.previousOutcome)) return false;
    const lang = this.language();
    const say = (key: MessageKey, params: Record<string, string | number>) => formatMessage(key, lang, params);
    const duration = durationText(run.durationMs ?? 0);
    const name = run.name;
    const origin = { runId: run.runId ?? null };
    if (run.outcome === RunOutcome.failure) {
      const content = say('taskFailedContent', { code: run.exitCode ?? '-', duration });
      const text = run.logTail ? `${content}\n\n${run.logTail}` : content;
      this.send(say('taskFailedTitle', { name }), text, origin);
    } else if (run.previousOutcome === RunOutcome.failure) {
      this.send(say('taskRecoveredTitle', { name }), say('taskRecoveredContent', { duration }), origin);
    } else {
      this.send(say('taskSucceededTitle', { name }), say('taskSucceededContent', { duration }), origin);
    }
    return true;
  }

  /**
   * A script's sendNotify/send: every channel its environment configures, in parallel; the panel channel when it
   * configures none. Titles listed in SKIP_PUSH_TITLE are skipped; HITOKOTO=true appends a quote (best effort).
   */
  async sendFromScript(
    request: ScriptNotification,
    origin: DeliveryOrigin = {},
  ): Promise<{ skipped: boolean; results: DeliveryResult[] }> {
    const { env } = request;
    const skip = (env.SKIP_PUSH_TITLE ?? '').split('\n').map((t) => t.trim());
    if (skip.includes(request.title.trim()) && request.title.trim() !== '') return { skipped: true, results: [] };
    let content = request.content;
    if (env.HITOKOTO === 'true') content += await hitokoto(this.hosts.hitokoto, this.guard);
    const message: NotifyMessage = { title: request.title, content, params: request.params ?? {} };

    let targets: { id: NotifyChannelId; settings: ChannelSettings }[] = channelsFromEnv(env);
    if (targets.length === 0) {
      const { type, ...settings } = await this.settings();
      targets = type === 'closed' ? [] : [{ id: type, settings }];
    }
    const results = await Promise.all(
      targets.map(async ({ id, settings }): Promise<DeliveryResult> => {
        try {
          await this.deliver(id, settings, message, origin);
          return { channel: id, ok: true };
        } catch (error) {
          return { channel: id, ok: false, message: failureReason(error, this.language()) };
        }
      }),
    );
    return { skipped: false, results };
  }

  private track(promise: Promise<unknown>): void {
    const guarded = promise.catch((error: unknown) =>
      this.log.warn({ reason: failureReason(error, 'en') }, 'notification failed'),
    );
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  /** For tests of the clock-independent parts. */
  now(): number {
    return this.clock.now();
  }
}
