// The intrinsic AbortSignal getters, captured at load, for wrappers that look at a signal the
// way the reference does (a genuine signal is one the intrinsic `aborted` getter accepts).
const abortedGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;
const reasonGetter = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "reason")!.get!;

/** true / false, or null when the value is not a genuine signal. */
export function abortedOf(signal: unknown): boolean | null {
  try {
    return Reflect.apply(abortedGetter, signal, []) as boolean;
  } catch {
    return null;
  }
}

export function reasonOf(signal: unknown): unknown {
  return Reflect.apply(reasonGetter, signal, []);
}
