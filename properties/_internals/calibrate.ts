// Calibration of limit-edge scenarios against the model: the largest size parameter for which
// a monotone predicate (usually "the model accepts it") still holds, found once per key.

/** The largest n in [lo, hi] with ok(n), for ok true up to some n and false after (bisection). */
export function largestWhere(lo: number, hi: number, ok: (n: number) => boolean): number {
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const memo = new Map<string, number>();

/** largestWhere, memoized under `key` (the predicate's inputs must be fixed by the key). */
export function calibrated(key: string, lo: number, hi: number, ok: (n: number) => boolean): number {
  let n = memo.get(key);
  if (n === undefined) {
    n = largestWhere(lo, hi, ok);
    memo.set(key, n);
  }
  return n;
}

/** `build()` once, on first use: edge cases are plain data nobody mutates. */
export function once<T>(build: () => T): () => T {
  let value: { readonly v: T } | undefined;
  return () => (value ??= { v: build() }).v;
}
