import fc from "fast-check";
import type { Json } from "../../src/scenario/data";
import type { SignalSlot, SummarizerSlot } from "../../src/scenario/scenario";

// Ways to break valid options. Two families (INVALID_BUDGET-like values, INVALID_INPUT-like
// shapes) are picked evenly so both codes get a fair share; the model decides the code.

export type OptionsParts = { options: { [key: string]: Json }; summarizerSlot: SummarizerSlot; signal: SignalSlot };
export type OptionsMutation = { name: string; apply: (p: OptionsParts) => { options: Json; summarizerSlot: SummarizerSlot; signal: SignalSlot } };

const set = (name: string, key: string, value: Json): OptionsMutation => ({ name, apply: (p) => ({ ...p, options: { ...p.options, [key]: value } }) });
const drop = (key: string): OptionsMutation => ({
  name: `missing:${key}`,
  apply: (p) => {
    const { [key]: _dropped, ...rest } = p.options;
    return { ...p, options: rest };
  },
});
const relative = (name: string, key: string, f: (o: { [key: string]: Json }) => Json): OptionsMutation => ({
  name,
  apply: (p) => ({ ...p, options: { ...p.options, [key]: f(p.options) } }),
});
const num = (v: Json) => v as number;

export const BOUNDARY_BUDGET_MUTATIONS: OptionsMutation[] = [
  set("range:targetUnits-zero", "targetUnits", 0),
  set("range:targetUnits-negative-zero", "targetUnits", { $cc: "-0" }),
  set("range:targetUnits-over-limit", "targetUnits", 1_000_001),
  set("type:targetUnits-string", "targetUnits", "100"),
  set("type:targetUnits-NaN", "targetUnits", { $cc: "NaN" }),
  set("range:summaryMaxUnits-zero", "summaryMaxUnits", 0),
  relative("range:summaryMaxUnits-above-target", "summaryMaxUnits", (o) => num(o.targetUnits) + 1),
  set("range:retain-negative", "retainRecentMessages", -1),
  set("range:retain-over-limit", "retainRecentMessages", 4097),
  set("type:retain-fractional", "retainRecentMessages", 0.5),
  set("type:retain-unsafe", "retainRecentMessages", 2 ** 53),
];

export const BOUNDARY_INPUT_MUTATIONS: OptionsMutation[] = [
  { name: "options:null", apply: (p) => ({ ...p, options: null }) },
  { name: "options:array", apply: (p) => ({ ...p, options: [p.options] }) },
  { name: "options:number", apply: (p) => ({ ...p, options: 7 }) },
  drop("targetUnits"),
  drop("summaryMaxUnits"),
  drop("retainRecentMessages"),
];

export const COMPACT_BUDGET_MUTATIONS: OptionsMutation[] = [
  ...BOUNDARY_BUDGET_MUTATIONS,
  relative("range:maxUnits-below-target", "maxUnits", (o) => num(o.targetUnits) - 1),
  set("range:maxUnits-over-limit", "maxUnits", 1_000_001),
  set("type:maxUnits-Infinity", "maxUnits", { $cc: "Infinity" }),
];

export const COMPACT_INPUT_MUTATIONS: OptionsMutation[] = [
  ...BOUNDARY_INPUT_MUTATIONS,
  drop("maxUnits"),
  drop("summaryId"),
  drop("recordId"),
  set("id:summaryId-blank", "summaryId", " \n"),
  set("id:recordId-empty", "recordId", ""),
  set("id:summaryId-number", "summaryId", 1),
  { name: "summarizer:missing", apply: (p) => ({ ...p, summarizerSlot: "missing" }) },
  { name: "summarizer:not-function", apply: (p) => ({ ...p, summarizerSlot: { value: "summarize" } }) },
  { name: "signal:fake", apply: (p) => ({ ...p, signal: "fakeSignal" }) },
  { name: "signal:plain-object", apply: (p) => ({ ...p, signal: { value: { aborted: false } } }) },
];

/** One mutation, from the budget or the input family evenly; sometimes one of each. */
export function optionsMutation(budget: OptionsMutation[], input: OptionsMutation[]): fc.Arbitrary<OptionsMutation> {
  const both = fc.tuple(fc.constantFrom(...budget), fc.constantFrom(...input.filter((m) => !m.name.startsWith("options:")))).map(
    ([a, b]): OptionsMutation => ({ name: `${a.name}+${b.name}`, apply: (p) => b.apply(a.apply(p) as OptionsParts) }),
  );
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...budget) }, { weight: 2, arbitrary: fc.constantFrom(...input) }, { weight: 1, arbitrary: both });
}
