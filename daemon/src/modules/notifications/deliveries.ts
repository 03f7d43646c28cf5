/**
 * Where the owner sees what became of notifications (beside the system log line the notifier writes): the last
 * delivery, kept for the settings page, and a notice on the run a failed one belonged to — a task whose `sendNotify`
 * could not reach its channel still ends with the script's code, but its run history says the message did not go.
 */
import { notifyChannelById } from '../../contract/notifications.ts';
import type { JobRunsRepository } from '../../jobs/runs-repository.ts';
import type { Delivery } from '../../notifications/deliveries.ts';
import { formatMessage } from '../../contract/messages.ts';
import { writtenLanguage } from '../../settings/language.ts';
import type { SettingsStore } from '../../settings/store.ts';

/** A run's notices are a few lines, never the size of a log: past this the oldest ones go. */
const noticeMaxChars = 2000;

export class DeliveryLog {
  /** One write after another, in the order the deliveries ended. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: SettingsStore,
    private readonly runs: JobRunsRepository,
  ) {}

  record(delivery: Delivery): Promise<void> {
    this.queue = this.queue.then(() => this.write(delivery));
    return this.queue;
  }

  private async write({ at, channel, ok, error, runId }: Delivery): Promise<void> {
    await this.settings.set('notifyLastDelivery', { at, channel, ok, error });
    const id = Number(runId);
    if (ok || runId === null || !Number.isInteger(id)) return;
    const run = await this.runs.find(id);
    if (!run) return;
    const lang = writtenLanguage(this.settings);
    const line = formatMessage('deliveryFailed', lang, {
      channel: notifyChannelById[channel].name[lang],
      reason: error ?? '',
    });
    const notices = run.message ? `${run.message}\n${line}` : line;
    await this.runs.update(id, { message: notices.length > noticeMaxChars ? notices.slice(-noticeMaxChars) : notices });
  }
}
