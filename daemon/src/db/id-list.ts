/**
 * A set of task ids as one bit each: membership is two array reads, and a search's matches at 100,000 tasks take
 * 12.5 KB that the collector never looks into (search-pages.ts keeps a few hundred of them).
 */
export class IdSet {
  private constructor(
    private readonly bits: Uint32Array,
    readonly size: number,
  ) {}

  /** The ids past which a set is not made (8 MB of bits at most; rowids of one table are dense in practice). */
  static readonly largest = 1 << 26;

  /** The set of `ids` (none negative), or null when one is larger than `largest`: the caller takes its SQL path. */
  static of(ids: Iterable<number>): IdSet | null {
    let last = 0;
    for (const id of ids) if (id > last) last = id;
    if (last > IdSet.largest) return null;
    return IdSet.collect(last, (add) => {
      for (const id of ids) add(id);
    });
  }

  /** A set of the ids `fill` adds (none negative, none larger than `largest`). */
  static collect(largest: number, fill: (add: (id: number) => void) => void): IdSet {
    const bits = new Uint32Array((largest >>> 5) + 1);
    let size = 0;
    fill((id) => {
      const word = id >>> 5;
      const bit = 1 << (id & 31);
      if ((bits[word]! & bit) === 0) size++;
      bits[word] = bits[word]! | bit;
    });
    return new IdSet(bits, size);
  }

  /** The ids, ascending. */
  ids(): Int32Array {
    const ids = new Int32Array(this.size);
    let n = 0;
    for (let word = 0; word < this.bits.length; word++) {
      for (let rest = this.bits[word]!; rest !== 0; rest &= rest - 1)
        ids[n++] = word * 32 + (31 - Math.clz32(rest & -rest));
    }
    return ids;
  }

  /** The memory the set holds. */
  get bytes(): number {
    return this.bits.byteLength;
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (id & 31))) !== 0;
  }
}
