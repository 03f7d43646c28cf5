import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { EndInfo } from '../../contract/live.ts';
import { systemLogMaxEntries, systemLogTopic } from '../../contract/system-log.ts';
import type { SystemLogEntries, SystemLogQuery, SystemLogSettings } from '../../contract/system-log-schemas.ts';
import type { LiveHub } from '../../live/hub.ts';
import type { SettingsStore } from '../../settings/store.ts';
import type { SystemLogFile } from '../../system-log/daily-file.ts';
import { listDays, readEntries, selectForStream } from '../../system-log/reader.ts';

/** Qinglong answers at most this much of the log in one `GET /system/log`. */
export const streamLimitBytes = 1024 * 1024;

type TopicWriter = ReturnType<LiveHub['open']>;
const ended: EndInfo = { end: 'success', exitCode: null, durationMs: null };

/**
 * The daemon's own log (data/syslog, written by system-log/daily-file.ts from the first line the daemon logs): reading it
 * back filtered, Qinglong's stream and delete, its settings, and today's file as a live topic.
 */
export class SystemLogService {
  private topic: { name: string; writer: TopicWriter } | null = null;
  private generation = 0;
  private readonly unlisten: (() => void)[] = [];

  constructor(
    private readonly file: SystemLogFile,
    private readonly settings: SettingsStore,
    private readonly live: LiveHub,
    private readonly now: () => number = Date.now,
  ) {}

  /** Applies the settings and opens today's live topic; from now on each line and each new day reach the hub. */
  start(): void {
    this.applySettings();
    const { day, file, size } = this.file.current();
    this.openTopic(day, file, size);
    this.unlisten.push(
      this.file.onDay((newDay, newFile, newSize) => this.openTopic(newDay, newFile, newSize)),
      this.file.onAppend((_day, bytes) => this.topic?.writer.data(bytes)),
    );
  }

  close(): void {
    for (const stop of this.unlisten.splice(0)) stop();
    this.topic?.writer.end(ended);
    this.topic = null;
  }

  async entries(query: SystemLogQuery): Promise<SystemLogEntries> {
    const today = this.file.current();
    const from = query.from ?? today.day;
    const to = query.to ?? today.day;
    const found = await readEntries(this.file.dir, today, {
      from: from <= to ? from : to,
      to: from <= to ? to : from,
      filter: { minLevel: query.level ?? 0, text: query.text ?? '' },
      limit: systemLogMaxEntries,
    });
    const days = (await listDays(this.file.dir)).map(({ day, size }) => ({ day, size }));
    return {
      entries: found.entries,
      truncated: found.truncated,
      tail: found.tail && this.topic ? { ...found.tail, topic: this.topic.name } : null,
      days,
      today: today.day,
    };
  }

  /** Qinglong's `GET /system/log?startTime&endTime`: the text of those days, the last MB at most. */
  async stream(query: { startTime?: string; endTime?: string }): Promise<{
    body: Readable;
    length: number;
    total: number;
  }> {
    const at = { now: this.now(), zone: this.settings.get('timezone') };
    const selection = await selectForStream(this.file.dir, at, query, streamLimitBytes);
    async function* pieces() {
      for (const part of selection.parts) {
        if (part.length <= 0) continue;
        yield* createReadStream(part.file, { start: part.start, end: part.start + part.length - 1 });
      }
    }
    return { body: Readable.from(pieces()), length: selection.length, total: selection.total };
  }

  /** Qinglong's `DELETE /system/log`: every day's file; followers of today's topic are told it ended. */
  clear(): void {
    this.topic?.writer.end(ended);
    this.topic = null;
    this.file.clear();
  }

  config(): SystemLogSettings {
    return { systemLogDays: this.settings.get('systemLogDays'), systemLogMaxMb: this.settings.get('systemLogMaxMb') };
  }

  async configure(value: SystemLogSettings): Promise<SystemLogSettings> {
    await this.settings.set('systemLogDays', value.systemLogDays);
    await this.settings.set('systemLogMaxMb', value.systemLogMaxMb);
    this.applySettings();
    return this.config();
  }

  private applySettings(): void {
    const { systemLogDays, systemLogMaxMb } = this.config();
    this.file.configure({ keepDays: systemLogDays, maxBytes: systemLogMaxMb * 1024 * 1024 });
  }

  /**
   * Each (re)start of a day's file is a topic of its own (`syslog:<day>:<n>`): a follower of the one before gets its
   * end and reads the view again, rather than waiting at an offset the new file never reaches.
   */
  private openTopic(day: string, file: string, size: number): void {
    this.topic?.writer.end(ended);
    this.generation += 1;
    const name = systemLogTopic(day, this.generation);
    this.topic = { name, writer: this.live.open(name, file, size) };
  }
}
