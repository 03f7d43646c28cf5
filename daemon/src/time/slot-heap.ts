/**
 * Timed slots, the one heap of the daemon's times: the clock's timers (clock.ts) and the scheduler's armed schedules
 * (scheduler/scheduler.ts). A slot is a number into columns of typed arrays, and the heap a binary min-heap of slot
 * numbers (earliest `at` first; equal times in the order they were queued; removal by position). 100,000 armed
 * tasks were 100,000 slot objects, their entries, two arrays each and a boxed time each: ≈700,000 objects and 40 MB
 * that every full collection marked, and the list's slowest requests were the ones a collection ran through (issue
 * #15, round 14). Here they are a few typed arrays the collector does not look into.
 */

/** Slot numbers start here and double as they run out. */
const initialCapacity = 64;

export class SlotHeap<P> {
  /** When the slot fires next (ms) and its place in the queue among equal times. */
  private at = new Float64Array(initialCapacity);
  private seq = new Float64Array(initialCapacity);
  /** What the slot belongs to (the scheduler's armed entry). */
  private owner = new Int32Array(initialCapacity);
  /** Where the slot is in the heap; -1 when it is not in it (fired, or not queued yet). */
  private position = new Int32Array(initialCapacity).fill(-1);
  /** Changes when the slot is freed, so that who held it can tell it was since given to another. */
  private generation = new Uint32Array(initialCapacity);
  /** The slot's schedule as the scheduler parsed it (shared by every slot of the same expression). */
  private detail: (P | null)[] = [];
  /** The next slot of the same owner (-1: none). */
  private next = new Int32Array(initialCapacity);
  private heap = new Int32Array(initialCapacity);
  private size = 0;
  private used = 0;
  private readonly free: number[] = [];
  private queued = 0;

  /** A new slot (not queued yet). */
  allocate(owner: number, detail: P | null, next: number): number {
    const slot = this.free.pop() ?? this.grow();
    this.owner[slot] = owner;
    this.detail[slot] = detail;
    this.next[slot] = next;
    this.position[slot] = -1;
    return slot;
  }

  /** Out of the heap and free for another owner. */
  release(slot: number): void {
    this.remove(slot);
    this.detail[slot] = null;
    this.generation[slot] = (this.generation[slot]! + 1) >>> 0;
    this.free.push(slot);
  }

  ownerOf(slot: number): number {
    return this.owner[slot]!;
  }

  detailOf(slot: number): P | null {
    return this.detail[slot] ?? null;
  }

  nextOf(slot: number): number {
    return this.next[slot]!;
  }

  atOf(slot: number): number {
    return this.at[slot]!;
  }

  generationOf(slot: number): number {
    return this.generation[slot]!;
  }

  /** Slots in the heap. */
  get length(): number {
    return this.size;
  }

  /** Queues the slot to fire at `at`, after every slot queued before it for the same time. */
  push(slot: number, at: number): void {
    this.remove(slot);
    this.at[slot] = at;
    this.seq[slot] = this.queued++;
    const i = this.size++;
    this.heap[i] = slot;
    this.position[slot] = i;
    this.up(i);
  }

  /** The earliest slot, -1 when none. */
  peek(): number {
    return this.size > 0 ? this.heap[0]! : -1;
  }

  /** Takes the earliest slot out of the heap (it stays allocated). */
  pop(): number {
    const top = this.peek();
    if (top !== -1) this.remove(top);
    return top;
  }

  /** Takes a slot out of the heap if it is in it. */
  remove(slot: number): void {
    const i = this.position[slot]!;
    if (i < 0) return;
    this.position[slot] = -1;
    const last = this.heap[--this.size]!;
    if (i === this.size) return;
    this.heap[i] = last;
    this.position[last] = i;
    this.down(i);
    this.up(this.position[last]!);
  }

  /**
   * Calls `visit` with every slot whose time is `limit` or earlier, in no particular order, and returns the earliest
   * time after `limit` (null when none). Only those slots and the ones right below them are looked at: a slot in the
   * heap is never earlier than its parent.
   */
  within(limit: number, visit: (slot: number) => void): number | null {
    let after: number | null = null;
    const stack = this.size > 0 ? [0] : [];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const slot = this.heap[i]!;
      const at = this.at[slot]!;
      if (at > limit) {
        if (after === null || at < after) after = at;
        continue;
      }
      visit(slot);
      if (2 * i + 1 < this.size) stack.push(2 * i + 1);
      if (2 * i + 2 < this.size) stack.push(2 * i + 2);
    }
    return after;
  }

  private earlier(a: number, b: number): boolean {
    const at = this.at;
    return at[a]! < at[b]! || (at[a] === at[b] && this.seq[a]! < this.seq[b]!);
  }

  private up(i: number): void {
    const heap = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.earlier(heap[i]!, heap[parent]!)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < this.size && this.earlier(heap[left]!, heap[least]!)) least = left;
      if (right < this.size && this.earlier(heap[right]!, heap[least]!)) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(i: number, j: number): void {
    const heap = this.heap;
    const a = heap[i]!;
    const b = heap[j]!;
    heap[i] = b;
    heap[j] = a;
    this.position[b] = i;
    this.position[a] = j;
  }

  /** A slot number never used before, growing every column when they are full. */
  private grow(): number {
    if (this.used === this.at.length) {
      const capacity = this.at.length * 2;
      this.at = grown(this.at, new Float64Array(capacity));
      this.seq = grown(this.seq, new Float64Array(capacity));
      this.owner = grown(this.owner, new Int32Array(capacity));
      this.position = grown(this.position, new Int32Array(capacity).fill(-1));
      this.generation = grown(this.generation, new Uint32Array(capacity));
      this.next = grown(this.next, new Int32Array(capacity));
      this.heap = grown(this.heap, new Int32Array(capacity));
    }
    return this.used++;
  }
}

function grown<T extends Float64Array | Int32Array | Uint32Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}
