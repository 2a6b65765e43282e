// Counts of calls the subject made into hostile parts of its input: getters, setters,
// functions found in the data, proxy traps. The driver's own reads (snapshots, toData) run
// inside `quiet`, so only the subject's touches are counted.
import { MapCtor, objectFreeze, safeMapGet, safeMapSet } from "./intrinsics";
import { defineData, pushItem } from "./read";

export interface HostileCounters {
  bump(name: string): void;
  /** Runs `read` without counting (the driver's own reads of live values). */
  quiet<T>(read: () => T): T;
  snapshot(): Readonly<Record<string, number>>;
}

export function createHostileCounters(): HostileCounters {
  const counts = new MapCtor<string, number>();
  const names: string[] = [];
  let quietDepth = 0;
  return {
    bump(name) {
      if (quietDepth > 0) return;
      const current = safeMapGet(counts, name);
      if (current === undefined) pushItem(names, name);
      safeMapSet(counts, name, (current ?? 0) + 1);
    },
    quiet(read) {
      quietDepth++;
      try {
        return read();
      } finally {
        quietDepth--;
      }
    },
    snapshot() {
      const out: Record<string, number> = {};
      for (let i = 0; i < names.length; i++) defineData(out, names[i], safeMapGet(counts, names[i]) ?? 0);
      return objectFreeze(out);
    },
  };
}

/** Counter names shared by the decorations, the Special decoder and the properties (issue 4). */
export const COUNTER = objectFreeze({
  getter: "getter",
  setter: "setter",
  function: "function",
  /** Any proxy trap; per-trap counts are "proxy.<trap>". */
  proxyTrap: "proxyTrap",
  /** Methods of the fake AbortSignal (calling them is not a contract violation by itself). */
  fakeSignal: "fakeSignal",
});
