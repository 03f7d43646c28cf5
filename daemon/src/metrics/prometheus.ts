/**
 * Prometheus' text exposition format (version 0.0.4), written by hand: three metric types and label escaping are all
 * the panel needs, and a client library would cost more memory at idle than the numbers it reports.
 */

export type Labels = Readonly<Record<string, string | number>>;

/** A label value with `\`, `"` and newlines escaped, as the format requires. */
const escapeValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([name, value]) => `${name}="${escapeValue(String(value))}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

/** A number as Prometheus writes it (+Inf, -Inf, NaN spelled out). */
function numberText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

export interface Sample {
  labels?: Labels;
  value: number;
}

/** Collects families and writes them out in the order they were added. */
export class Exposition {
  private readonly lines: string[] = [];

  private family(name: string, type: 'counter' | 'gauge' | 'histogram', help: string): void {
    this.lines.push(`# HELP ${name} ${escapeHelp(help)}`, `# TYPE ${name} ${type}`);
  }

  counter(name: string, help: string, samples: readonly Sample[]): this {
    this.family(name, 'counter', help);
    for (const s of samples) this.lines.push(`${name}${labelText(s.labels ?? {})} ${numberText(s.value)}`);
    return this;
  }

  gauge(name: string, help: string, samples: readonly Sample[]): this {
    this.family(name, 'gauge', help);
    for (const s of samples) this.lines.push(`${name}${labelText(s.labels ?? {})} ${numberText(s.value)}`);
    return this;
  }

  histogram(name: string, help: string, series: readonly { labels?: Labels; histogram: Histogram }[]): this {
    this.family(name, 'histogram', help);
    for (const { labels = {}, histogram } of series) {
      let cumulative = 0;
      histogram.bounds.forEach((bound, i) => {
        cumulative += histogram.counts[i]!;
        this.lines.push(`${name}_bucket${labelText({ ...labels, le: numberText(bound) })} ${cumulative}`);
      });
      this.lines.push(`${name}_bucket${labelText({ ...labels, le: '+Inf' })} ${histogram.count}`);
      this.lines.push(`${name}_sum${labelText(labels)} ${numberText(histogram.sum)}`);
      this.lines.push(`${name}_count${labelText(labels)} ${histogram.count}`);
    }
    return this;
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/** Fixed buckets (upper bounds, ascending); `counts[i]` holds observations in (bounds[i-1], bounds[i]]. */
export class Histogram {
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(readonly bounds: readonly number[]) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    const index = this.bounds.findIndex((bound) => value <= bound);
    if (index >= 0) this.counts[index]!++;
    this.sum += value;
    this.count++;
  }
}
