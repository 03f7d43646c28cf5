/** Wraps data in Qinglong's success envelope. */
export function ok<T>(data: T): { code: 200; data: T } {
  return { code: 200, data };
}
