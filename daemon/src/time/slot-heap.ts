/**
 * Timed slots, the one heap of the daemon's times: the clock's timers (clock.ts) and the scheduler's armed schedules
 * (scheduler/scheduler.ts). A slot is a number naming one entry (its owner, time and place in the heap), and the heap
 * a binary min-heap of slot numbers (earliest `at` first; equal times in the order they were queued; removal by
 * position). A released slot's number is given to the next one allocated, with a new generation.
 */

interface Slot<P> {
  /** When the slot fires next (ms) and its place in the queue among equal times. */
  at: number;
  seq: number;
  /** What the slot belongs to (the scheduler's armed entry). */
  owner: number;
  /** Where the slot is in the heap; -1 when it is not in it (fired, or not queued yet). */
  position: number;
  /** Changes when the slot is freed, so that who held it can tell it was since given to another. */
  generation: number;
  /** The slot's schedule as the scheduler parsed it (shared by every slot of the same expression). */
  detail: P | null;
  /** The next slot of the same owner (-1: none). */
  next: number;
}

export class SlotHeap<P> {
  private readonly slots: Slot<P>[] = [];
  private readonly heap: number[] = [];
  private readonly free: number[] = [];
  private queued = 0;

  /** A new slot (not queued yet). */
  allocate(owner: number, detail: P | null, next: number): number {
    const reused = this.free.pop();
    if (reused === undefined) {
      this.slots.push({ at: 0, seq: 0, owner, position: -1, generation: 0, detail, next });
      return this.slots.length - 1;
    }
    const slot = this.slots[reused]!;
    slot.owner = owner;
    slot.detail = detail;
    slot.next = next;
    slot.position = -1;
    return reused;
  }

  /** Out of the heap and free for another owner. */
  release(slot: number): void {
    this.remove(slot);
    const entry = this.slots[slot]!;
    entry.detail = null;
    entry.generation = (entry.generation + 1) >>> 0;
    this.free.push(slot);
  }

  ownerOf(slot: number): number {
    return this.slots[slot]!.owner;
  }

  detailOf(slot: number): P | null {
    return this.slots[slot]?.detail ?? null;
  }

  nextOf(slot: number): number {
    return this.slots[slot]!.next;
  }

  atOf(slot: number): number {
    return this.slots[slot]!.at;
  }

  generationOf(slot: number): number {
    return this.slots[slot]!.generation;
  }

  /** Slots in the heap. */
  get length(): number {
    return this.heap.length;
  }

  /** Queues the slot to fire at `at`, after every slot queued before it for the same time. */
  push(slot: number, at: number): void {
    this.remove(slot);
    const entry = this.slots[slot]!;
    entry.at = at;
    entry.seq = this.queued++;
    entry.position = this.heap.length;
    this.heap.push(slot);
    this.up(entry.position);
  }

  /** The earliest slot, -1 when none. */
  peek(): number {
    return this.heap.length > 0 ? this.heap[0]! : -1;
  }

  /** Takes the earliest slot out of the heap (it stays allocated). */
  pop(): number {
    const top = this.peek();
    if (top !== -1) this.remove(top);
    return top;
  }

  /** Takes a slot out of the heap if it is in it. */
  remove(slot: number): void {
    const entry = this.slots[slot]!;
    const i = entry.position;
    if (i < 0) return;
    entry.position = -1;
    const last = this.heap.pop()!;
    if (i === this.heap.length) return;
    this.heap[i] = last;
    const moved = this.slots[last]!;
    moved.position = i;
    this.down(i);
    this.up(moved.position);
  }

  /**
   * Calls `visit` with every slot whose time is `limit` or earlier, in no particular order, and returns the earliest
   * time after `limit` (null when none). Only those slots and the ones right below them are looked at: a slot in the
   * heap is never earlier than its parent.
   */
  within(limit: number, visit: (slot: number) => void): number | null {
    let after: number | null = null;
    const size = this.heap.length;
    const stack = size > 0 ? [0] : [];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const slot = this.heap[i]!;
      const at = this.slots[slot]!.at;
      if (at > limit) {
        if (after === null || at < after) after = at;
        continue;
      }
      visit(slot);
      if (2 * i + 1 < size) stack.push(2 * i + 1);
      if (2 * i + 2 < size) stack.push(2 * i + 2);
    }
    return after;
  }

  private earlier(a: number, b: number): boolean {
    const x = this.slots[a]!;
    const y = this.slots[b]!;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
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
      if (left < heap.length && this.earlier(heap[left]!, heap[least]!)) least = left;
      if (right < heap.length && this.earlier(heap[right]!, heap[least]!)) least = right;
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
    this.slots[b]!.position = i;
    this.slots[a]!.position = j;
  }
}
