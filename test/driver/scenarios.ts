// Small hand-written scenarios for the driver's tests.
import type { Json } from "../../src/scenario/data";
import type { AbortPoint, Operation, Scenario, SignalSlot, SummarizerScript, SummarizerSlot } from "../../src/scenario/scenario";

export const messages: Json = [
  { id: "m1", role: "user", content: "hello" },
  { id: "m2", role: "user", content: "world" },
  { id: "m3", role: "user", content: "again" },
];

export const context: Json = { requirements: [{ id: "r", content: "AB" }], messages };

export function compactScenario(over: {
  summarizer?: SummarizerScript;
  abort?: AbortPoint;
  signal?: SignalSlot;
  summarizerSlot?: SummarizerSlot;
  prebuilt?: boolean;
  maxUnits?: number;
  options?: Json;
}): Scenario {
  const op: Operation = {
    kind: "compact",
    context,
    prebuilt: over.prebuilt ?? true,
    options: over.options ?? { maxUnits: over.maxUnits ?? 10, targetUnits: 10, summaryMaxUnits: 5, retainRecentMessages: 0, summaryId: "s1", recordId: "c1" },
    summarizer: over.summarizer ?? { kind: "text", text: "sum", delivery: "sync" },
    summarizerSlot: over.summarizerSlot ?? "script",
    signal: over.signal ?? "controller",
    abort: over.abort ?? "none",
  };
  return { operation: op };
}
