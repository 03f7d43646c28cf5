/**
 * A result that comes later, its promise made only when someone asks for it: a run that waits in a queue holds two
 * small records rather than two promises and their resolvers (thousands of task runs may wait at once).
 */
type Result<T> = { value: T } | { error: unknown };

export class Later<T> {
  private result: Result<T> | null = null;
  private made: Promise<T> | null = null;
  private settle: ((result: Result<T>) => void) | null = null;

  get promise(): Promise<T> {
    if (!this.made) {
      const { result } = this;
      this.made = result
        ? 'value' in result
          ? Promise.resolve(result.value)
          : Promise.reject(result.error)
        : new Promise<T>((resolve, reject) => {
            this.settle = (r) => ('value' in r ? resolve(r.value) : reject(r.error));
          });
      // Who asks but does not wait for an outcome that never comes must not see an unhandled rejection.
      this.made.catch(() => {});
    }
    return this.made;
  }

  resolve(value: T): void {
    this.end({ value });
  }

  reject(error: unknown): void {
    this.end({ error });
  }

  private end(result: Result<T>): void {
    if (this.result) return;
    this.result = result;
    this.settle?.(result);
    this.settle = null;
  }
}
