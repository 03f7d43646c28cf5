import type { EndInfo } from '../contract/live.ts';

/** What the hub knows of a topic that is being written now, or was recently. */
export interface TopicState {
  file: string | null;
  /** Bytes in the file so far. The writer appends synchronously, so the file always holds them. */
  written: number;
  ended: EndInfo | null;
}

/** Looks up a finished topic the hub no longer holds (e.g. an old run): its log file and how it ended. */
export type TopicResolver = (topic: string) => Promise<{ file: string | null; ended: EndInfo | null } | null>;

type Watcher = () => void;

/** How long an ended topic stays in memory, so late subscribers get the end without a database look-up. */
const keepEndedMs = 60_000;

/**
 * Tracks how far each live log has been written and wakes whoever follows it. It holds no log bytes: followers
 * read the file from their own offset, which makes resuming and slow clients the same simple case.
 */
export class LiveHub {
  private readonly topics = new Map<string, TopicState>();
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly resolvers: { prefix: string; resolve: TopicResolver }[] = [];
  private readonly eventListeners = new Set<(name: string, payload: unknown) => void>();

  /** Starts a topic; returns the writer's side. */
  open(topic: string, file: string | null, initialBytes = 0): { data(length: number): void; end(info: EndInfo): void } {
    const state: TopicState = { file, written: initialBytes, ended: null };
    this.topics.set(topic, state);
    this.wake(topic);
    return {
      data: (length: number) => {
        state.written += length;
        this.wake(topic);
      },
      end: (info: EndInfo) => {
        state.ended = info;
        this.wake(topic);
        setTimeout(() => {
          if (this.topics.get(topic) === state) this.topics.delete(topic);
        }, keepEndedMs).unref();
      },
    };
  }

  addResolver(prefix: string, resolve: TopicResolver): void {
    this.resolvers.push({ prefix, resolve });
  }

  /** The live state, or, for a topic that is not live, what its resolver finds. */
  async state(topic: string): Promise<TopicState | null> {
    const live = this.topics.get(topic);
    if (live) return live;
    const resolver = this.resolvers.find((r) => topic.startsWith(r.prefix));
    const found = resolver ? await resolver.resolve(topic) : null;
    if (!found) return this.topics.get(topic) ?? null;
    return this.topics.get(topic) ?? { file: found.file, written: -1, ended: found.ended };
  }

  isLive(topic: string): boolean {
    const state = this.topics.get(topic);
    return state !== undefined && state.ended === null;
  }

  watch(topic: string, watcher: Watcher): () => void {
    let set = this.watchers.get(topic);
    if (!set) this.watchers.set(topic, (set = new Set()));
    set.add(watcher);
    return () => {
      set.delete(watcher);
      if (set.size === 0) this.watchers.delete(topic);
    };
  }

  /** How many followers are watching topics now (tests and benchmarks: nothing is left behind by closed sockets). */
  watcherCount(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  /** Status changes and other small events, sent to every connected client. */
  broadcast(name: string, payload: unknown): void {
    for (const listener of this.eventListeners) listener(name, payload);
  }

  onEvent(listener: (name: string, payload: unknown) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private wake(topic: string): void {
    for (const watcher of this.watchers.get(topic) ?? []) watcher();
  }
}
