// Options of selectCompactionBoundary (§6) and compactContext (§7), usually valid and chosen
// around the context's units so that every step is reached, sometimes with one broken rule or a
// hostile but valid form (a Proxy, non-enumerable fields, a null prototype).
import type { Probe } from "./faults";
import type { Rng } from "./rng";

export type Options = Record<string, unknown>;

/** Budget options around a context of `units` units and `messages` messages. */
export function budgets(r: Rng, units: number, messages: number): Options {
  const targetUnits = Math.max(1, r.chance(0.2) ? r.range(1, 40) : units - r.int(Math.max(1, Math.floor(units / 2))) + r.int(4));
  const summaryMaxUnits = Math.max(1, Math.min(targetUnits, r.chance(0.5) ? r.range(5, 25) : r.range(1, targetUnits)));
  const retainRecentMessages = r.chance(0.5) ? r.int(3) : r.int(messages + 2);
  return { targetUnits, summaryMaxUnits, retainRecentMessages };
}

export function compactOptions(r: Rng, units: number, messages: number, recordIds: readonly string[]): Options {
  const b = budgets(r, units, messages);
  const maxUnits = r.chance(0.25) ? r.range(b.targetUnits as number, Math.max(b.targetUnits as number, units + 5)) : Math.max(b.targetUnits as number, units - r.int(5) - 1);
  const summaryId = r.pick(["s", "summary-1", "Σ😀", "s2"]);
  const recordId = recordIds.length > 0 && r.chance(0.15) ? r.pick(recordIds) : r.pick(["rec-new", "r", "記録"]);
  return { ...b, maxUnits: Math.max(1, Math.min(1_000_000, maxUnits)), summaryId, recordId };
}

const BAD_NUMBERS = [0, -1, 1.5, NaN, "5", null, undefined, 2 ** 53, 1_000_001, 4097, true];

/** One broken rule (or a hostile but valid form) in `options`; returns its label and the options to pass. */
export function plantOption(r: Rng, options: Options, probe: Probe, compact: boolean): { label: string; options: unknown } {
  const fields = compact
    ? ["targetUnits", "summaryMaxUnits", "retainRecentMessages", "maxUnits", "summaryId", "recordId", "summarizer", "signal"]
    : ["targetUnits", "summaryMaxUnits", "retainRecentMessages"];
  const field = r.pick(fields);
  const kind = r.pick(["missing", "getter", "bad", "bad", "cross", "shape", "proxy", "throwing-proxy", "non-enumerable", "null-proto"] as const);
  const copy: Options = { ...options };
  switch (kind) {
    case "missing":
      delete copy[field];
      return { label: `option ${field} missing`, options: copy };
    case "getter": {
      const value = copy[field];
      Object.defineProperty(copy, field, {
        enumerable: true,
        get() {
          probe.getters++;
          return value;
        },
      });
      return { label: `option ${field} getter`, options: copy };
    }
    case "bad": {
      const bad =
        field === "summaryId" || field === "recordId"
          ? r.pick(["", "  ", 5, null, "x".repeat(65537), "😀".repeat(65536), "😀".repeat(65537)])
          : field === "summarizer"
            ? r.pick(["f", null, {}])
            : field === "signal"
              ? r.pick([
                  { aborted: false },
                  "signal",
                  1,
                  null,
                  undefined,
                  Object.create(new AbortController().signal),
                  new Proxy(new AbortController().signal, {}),
                  Object.setPrototypeOf(new AbortController().signal, Object.prototype),
                ])
              : r.pick(BAD_NUMBERS);
      copy[field] = bad;
      return { label: `option ${field} = ${typeof bad === "string" && bad.length > 20 ? `${bad.length} units` : String(bad)}`, options: copy };
    }
    case "cross":
      if (r.chance(0.5)) copy.summaryMaxUnits = (copy.targetUnits as number) + r.range(0, 1);
      else if (compact) copy.maxUnits = (copy.targetUnits as number) - 1;
      else copy.summaryMaxUnits = copy.targetUnits;
      return { label: `options cross-check (summaryMax ${copy.summaryMaxUnits}, target ${copy.targetUnits}, max ${copy.maxUnits})`, options: copy };
    case "shape":
      return r.pick([
        { label: "options null", options: null },
        { label: "options an array", options: [copy] },
        { label: "options a class instance", options: Object.assign(new (class Options {})(), copy) },
        { label: "options a string", options: "options" },
      ]);
    case "proxy":
      return { label: "options a forwarding Proxy", options: new Proxy(copy, {}) };
    case "throwing-proxy": {
      const trap = r.pick(["getPrototypeOf", "getOwnPropertyDescriptor"] as const);
      return {
        label: `options a Proxy whose ${trap} throws`,
        options: new Proxy(copy, {
          [trap]() {
            probe.traps++;
            throw new Error("options trap");
          },
        }),
      };
    }
    case "non-enumerable": {
      const value = copy[field];
      delete copy[field];
      Object.defineProperty(copy, field, { value, enumerable: false, writable: true, configurable: true });
      return { label: `option ${field} non-enumerable`, options: copy };
    }
    case "null-proto":
      return { label: "options with a null prototype", options: Object.assign(Object.create(null), copy) };
  }
}
