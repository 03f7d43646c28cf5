import { open, stat } from 'node:fs/promises';
import type { ServerMessage } from '../contract/live.ts';
import type { LiveHub } from './hub.ts';

/** Bytes read and sent at a time; a slow client simply asks for the next piece later. */
const pieceBytes = 256 * 1024;

/**
 * Follows one topic for one client from a byte offset: reads what the file holds beyond the offset, sends it,
 * waits for the send to drain, repeats; sleeps until the hub says more was written; finishes with the end message.
 */
export class Follower {
  /** Set once it has sent the end (or `missing`) or was stopped; a stopped follower no longer counts for its socket. */
  stopped = false;
  private pumping = false;
  private again = false;
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly hub: LiveHub,
    readonly topic: string,
    private offset: number,
    private readonly send: (message: ServerMessage) => Promise<void>,
  ) {}

  start(): void {
    this.unwatch = this.hub.watch(this.topic, () => void this.pump());
    void this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.unwatch?.();
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        await this.sendAvailable();
      } while (this.again && !this.stopped);
    } catch {
      this.stop();
    } finally {
      this.pumping = false;
    }
  }

  private async sendAvailable(): Promise<void> {
    const state = await this.hub.state(this.topic);
    if (this.stopped) return;
    if (!state) {
      await this.send({ type: 'missing', topic: this.topic });
      return this.stop();
    }
    const ended = state.ended;
    let available = state.written;
    if (state.file && (available < 0 || ended)) {
      available = await stat(state.file).then(
        (s) => s.size,
        () => 0,
      );
    }
    if (state.file && available > this.offset) {
      const handle = await open(state.file, 'r');
      try {
        while (this.offset < available && !this.stopped) {
          const length = Math.min(pieceBytes, available - this.offset);
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, this.offset);
          if (bytesRead === 0) break;
          const start = this.offset;
          this.offset += bytesRead;
          await this.send({
            type: 'chunk',
            topic: this.topic,
            offset: start,
            data: buffer.subarray(0, bytesRead).toString('base64'),
          });
        }
      } finally {
        await handle.close();
      }
    }
    if (ended && !this.stopped && (!state.file || this.offset >= available)) {
      await this.send({ type: 'end', topic: this.topic, offset: this.offset, ...ended });
      this.stop();
    }
  }
}
