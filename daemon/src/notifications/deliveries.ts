import type { Clock } from '../time/clock.ts';
import type { Language } from '../contract/i18n.ts';
import type { NotifyChannelId } from '../contract/notifications.ts';
import { failureReason } from './failure.ts';

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * What became of one notification sent on the owner's behalf — a task's or a script's, a sign-in notice, the panel's
 * own — never a test message the owner sends while setting a channel up (that answer goes to the form). The
 * notifications area keeps the last one for the settings page and gives a failed one to the run it belonged to.
 */
export interface Delivery {
  at: number;
  channel: NotifyChannelId;
  ok: boolean;
  /** Why it failed, in the panel's language; null when it went through. */
  error: string | null;
  /** The job run it was sent for (a script's `sendNotify`, a task's end notice), if any. */
  runId: string | null;
}

/** Where a notification comes from: a run (its id), or nothing more than "the panel" (`{}`). */
export interface DeliveryOrigin {
  runId?: string | number | null;
}

export type DeliveryListener = (delivery: Delivery) => void | Promise<void>;

/** Reports each delivery: a line in the system log (a failure with its channel and reason), then the listeners. */
export class DeliveryReports {
  private readonly listeners = new Set<DeliveryListener>();

  constructor(
    private readonly o: {
      log: Logger;
      clock: Clock;
      language: () => Language;
      /** Keeps a listener's work among the notifier's in-flight sends (its `idle()` waits for it). */
      track: (work: Promise<unknown>) => void;
    },
  ) {}

  /** A listener's failure never reaches the sender. */
  listen(listener: DeliveryListener): void {
    this.listeners.add(listener);
  }

  report(channel: NotifyChannelId, origin: DeliveryOrigin, error: unknown): void {
    const runId = origin.runId === undefined || origin.runId === null ? null : String(origin.runId);
    const run = runId === null ? {} : { runId };
    if (error === null) this.o.log.info({ channel, ...run }, 'notification sent');
    else this.o.log.warn({ channel, reason: failureReason(error, 'en'), ...run }, 'notification failed');
    const delivery: Delivery = {
      at: this.o.clock.now(),
      channel,
      ok: error === null,
      error: error === null ? null : failureReason(error, this.o.language()),
      runId,
    };
    for (const listener of this.listeners) this.o.track(Promise.resolve().then(() => listener(delivery)));
  }
}
