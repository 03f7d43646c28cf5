import { fieldError } from '../../errors/app-error.ts';
import type { Language } from '../../contract/i18n.ts';
import type { Health } from '../../contract/system.ts';
import type { DependencySettings } from '../../contract/dependencies.ts';
import { maxRunLogLimitMb } from '../../settings/limits.ts';
import { writtenLanguage } from '../../settings/language.ts';
import type { SettingsStore } from '../../settings/store.ts';
import type { TaskQueuePolicy } from '../../scheduler/task-queue.ts';
import type { Timetable } from '../../scheduler/timetable.ts';
import type { ReleaseInfo } from '../about/index.ts';
import type { UserService } from '../user/index.ts';

export const maxConcurrency = 64;

function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface SystemServiceOptions {
  users: Pick<UserService, 'isInitialized'>;
  settings: SettingsStore;
  timetable: Timetable;
  taskQueue: TaskQueuePolicy;
  version: string;
  startedAt: number;
  /** Whether the start work is done (app/start.ts): the health check's `ready`. */
  ready: () => boolean;
  /** Qinglong's release fields of `GET /api/system` (the about area). */
  release: () => Promise<ReleaseInfo>;
}

/**
 * The daemon itself: version and health, and the settings the scheduler and the runner read (task concurrency, time
 * zone, log language), each in force at once without a restart.
 */
export class SystemService {
  constructor(private readonly o: SystemServiceOptions) {}

  async info(): Promise<
    { isInitialized: boolean; version: string; setupPending: boolean; timezone: string } & ReleaseInfo
  > {
    const isInitialized = await this.o.users.isInitialized();
    return {
      isInitialized,
      version: this.o.version,
      setupPending: isInitialized && this.o.settings.get('setupPending'),
      timezone: this.o.settings.get('timezone'),
      ...(await this.o.release()),
    };
  }

  /** The first-run wizard's last step was reached: /initialization offers its steps no more. Idempotent. */
  async setupDone(): Promise<void> {
    if (this.o.settings.get('setupPending')) await this.o.settings.set('setupPending', false);
  }

  health(): Health {
    const uptime = Math.round((Date.now() - this.o.startedAt) / 1000);
    return { status: 'ok', uptime, version: this.o.version, ready: this.o.ready() };
  }

  /** The values in force, defaults included. */
  effective(): { cronConcurrency: number; timezone: string; lang: Language; langFollowsPanel: boolean } {
    const { settings } = this.o;
    return {
      cronConcurrency: settings.get('cronConcurrency'),
      timezone: settings.get('timezone'),
      lang: writtenLanguage(settings),
      langFollowsPanel: !settings.isSet('lang'),
    };
  }

  /** Qinglong's systemConfig: the dependency settings, and the others only when they were set. */
  config(): DependencySettings & {
    cronConcurrency?: number;
    timezone?: string;
    lang?: string;
    runLogLimitMb?: number;
    logRemoveFrequency?: number;
  } {
    const { settings } = this.o;
    return {
      dependenceProxy: settings.get('dependenceProxy'),
      nodeMirror: settings.get('nodeMirror'),
      pythonMirror: settings.get('pythonMirror'),
      linuxMirror: settings.get('linuxMirror'),
      ...(settings.isSet('cronConcurrency') ? { cronConcurrency: settings.get('cronConcurrency') } : {}),
      ...(settings.isSet('timezone') ? { timezone: settings.get('timezone') } : {}),
      ...(settings.isSet('lang') ? { lang: settings.get('lang') } : {}),
      ...(settings.isSet('runLogLimitMb') ? { runLogLimitMb: settings.get('runLogLimitMb') } : {}),
      // Set and in force by the retention area (PUT /system/config/log-remove-frequency).
      ...(settings.isSet('logRemoveFrequency') ? { logRemoveFrequency: settings.get('logRemoveFrequency') } : {}),
    };
  }

  /** null = back to the default; waiting runs start at once if the new limit allows. */
  async setConcurrency(value: number | null): Promise<void> {
    if (value === null) await this.o.settings.reset('cronConcurrency');
    else if (value < 1 || value > maxConcurrency) {
      throw fieldError('cronConcurrency', 'concurrencyRange', { max: maxConcurrency });
    } else await this.o.settings.set('cronConcurrency', value);
    this.o.taskQueue.concurrencyChanged();
  }

  /** null = back to the container's zone; every schedule is re-armed at once. */
  async setTimezone(zone: string | null): Promise<void> {
    if (zone === null) await this.o.settings.reset('timezone');
    else if (!isTimezone(zone)) throw fieldError('timezone', 'timezoneInvalid');
    else await this.o.settings.set('timezone', zone);
    this.o.timetable.rearm();
  }

  /** The cap of one run's output, in MB; applies to the next run. Answers the value in force. */
  async setRunLogLimit(mb: number): Promise<number> {
    if (mb < 1 || mb > maxRunLogLimitMb)
      throw fieldError('runLogLimitMb', 'concurrencyRange', { max: maxRunLogLimitMb });
    await this.o.settings.set('runLogLimitMb', mb);
    return this.o.settings.get('runLogLimitMb');
  }

  /** null = follow the panel's language again. */
  async setLanguage(lang: Language | null): Promise<void> {
    if (lang === null) await this.o.settings.reset('lang');
    else await this.o.settings.set('lang', lang);
  }
}
