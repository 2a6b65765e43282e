import type { ErrorObservation, FrozenReport, Observation, Outcome, SummarizerCall } from "../../scenario/observation";
import type { StepObservation } from "../../scenario/program";
import type { Scenario } from "../../scenario/scenario";

// Observed facts: what the driver writes down beside an outcome (frozen-ness, identity, the
// input after the call, the error's class, calls into hostile parts of the input). No
// upstream answer of the model predicts them, so a failure that only they cause is no
// consequence of units, groups or a boundary. A fact explains a failure when the property,
// judged again on the same observation with that one fact taken from the reference core's
// observation of the same scenario (the contract's fact), passes, and the fact did differ:
// the failure is then that mistake alone (e.g. "a result is not deeply frozen"), whatever
// operation it showed in. Each fact patches only its own fields.

// Calls into the input's getters and traps are no fact of their own: the input's reading
// (./decorated) asks them with the decorations and names them under build.
export type FactLayer = "freezing" | "identity" | "input" | "error-class" | "then-calls" | "restoration";

export const FACT_LAYERS: readonly FactLayer[] = ["error-class", "freezing", "identity", "input", "then-calls", "restoration"];

export interface FactDifference {
  readonly layer: FactLayer;
  readonly question: string;
  readonly subject: string;
  readonly contract: string;
}

interface Patched {
  readonly observation: Observation;
  readonly differences: readonly FactDifference[];
}

/** The subject's observation with `fact` taken from the reference's; null when they agree on it. */
export function withContractFact(fact: FactLayer, scenario: Scenario, subject: Observation, reference: Observation): Patched | null {
  const differences: FactDifference[] = [];
  const where = operationName(scenario);
  const note = (question: string, own: string, contract: string) => {
    if (own !== contract) differences.push({ layer: fact, question: `${where}: ${question}`, subject: own, contract });
  };
  const observation = PATCHES[fact](subject, reference, note);
  return differences.length === 0 ? null : { observation, differences };
}

type Note = (question: string, subject: string, contract: string) => void;
type Patch = (subject: Observation, reference: Observation, note: Note) => Observation;

const PATCHES: Readonly<Record<FactLayer, Patch>> = {
  freezing: (s, r, note) => ({
    ...s,
    outcome: errorPatched(s.outcome, r.outcome, (own, contract) => frozenError(own, contract, "the error", note)),
    frozen: frozenPatched(s.frozen, r.frozen, "the returned value", note),
    input: { ...s.input, stillFrozen: stillFrozen(s.input.stillFrozen, r.input.stillFrozen, note) },
    setupError: s.setupError !== null && r.setupError !== null ? frozenError(s.setupError, r.setupError, "the setup's error", note) : s.setupError,
    summarizerCalls: requestsFrozen(s.summarizerCalls, r.summarizerCalls, note),
    ...stepsPatched(s, r, (own, contract) => ({
      ...own,
      outcome: errorPatched(own.outcome, contract.outcome, (e, c) => frozenError(e, c, `step ${own.step}'s error`, note)),
      frozen: frozenPatched(own.frozen, contract.frozen, `step ${own.step}'s returned value`, note),
      summarizerCalls: requestsFrozen(own.summarizerCalls, contract.summarizerCalls, note),
    })),
  }),
  identity: (s, r, note) => ({
    ...s,
    identity: identityPatched(s.identity, r.identity, "", note),
    ...stepsPatched(s, r, (own, contract) => ({ ...own, identity: identityPatched(own.identity, contract.identity, `step ${own.step}: `, note) })),
  }),
  input: (s, r, note) => {
    note("the input after the call", s.input.unchanged ? "unchanged" : "changed", r.input.unchanged ? "unchanged" : "changed");
    return {
      ...s,
      input: { ...s.input, unchanged: r.input.unchanged, after: r.input.after },
      ...stepsPatched(s, r, (own, contract) => {
        note(`step ${own.step}'s input after the call`, own.inputUnchanged ? "unchanged" : "changed", contract.inputUnchanged ? "unchanged" : "changed");
        return { ...own, inputUnchanged: contract.inputUnchanged };
      }),
    };
  },
  "error-class": (s, r, note) => ({
    ...s,
    outcome: errorPatched(s.outcome, r.outcome, (own, contract) => errorClass(own, contract, "the error", note)),
    setupError: s.setupError !== null && r.setupError !== null ? errorClass(s.setupError, r.setupError, "the setup's error", note) : s.setupError,
    ...stepsPatched(s, r, (own, contract) => ({ ...own, outcome: errorPatched(own.outcome, contract.outcome, (e, c) => errorClass(e, c, `step ${own.step}'s error`, note)) })),
  }),
  "then-calls": (s, r, note) => countersPatched(s, r, (name) => name.startsWith("then."), "calls and reads of then", note),
  restoration: (s, r, note) => countersPatched(s, r, (name) => name.startsWith("constructor."), "a promise's constructor after the retry", note),
};

/** Hostile counters of calls into the input (src/driver/hostile-counters.ts). */
export function isAccessorCounter(name: string): boolean {
  return name === "getter" || name === "setter" || name === "function" || name === "proxyTrap" || name.startsWith("proxy.");
}

function operationName(scenario: Scenario): string {
  const op = scenario.operation;
  const names: Record<string, string> = { build: "buildActiveContext", units: "estimateContextUnits", groups: "groupToolRounds", boundary: "selectCompactionBoundary", compact: "compactContext", program: "the program" };
  return names[op.kind] ?? op.kind;
}

function frozenText(report: FrozenReport | null): string {
  return report === null ? "no object" : report.deep ? "deeply frozen" : `mutable at ${report.firstUnfrozen}`;
}

function frozenPatched(own: FrozenReport | null, contract: FrozenReport | null, what: string, note: Note): FrozenReport | null {
  if (own === null || contract === null) return own;
  note(what, frozenText(own), frozenText(contract));
  return contract;
}

function stillFrozen(own: boolean | null, contract: boolean | null, note: Note): boolean | null {
  if (own === null || contract === null) return own;
  note("the built input after the call", own ? "still deeply frozen" : "mutable", contract ? "still deeply frozen" : "mutable");
  return contract;
}

function requestsFrozen(own: readonly SummarizerCall[], contract: readonly SummarizerCall[], note: Note): readonly SummarizerCall[] {
  if (own.length !== contract.length) return own;
  return own.map((call, i) => {
    note("the summarizer's request", frozenText(call.requestFrozen), frozenText(contract[i]!.requestFrozen));
    return { ...call, requestFrozen: contract[i]!.requestFrozen };
  });
}

function frozenError(own: ErrorObservation, contract: ErrorObservation, what: string, note: Note): ErrorObservation {
  note(what, own.frozen ? "frozen" : "mutable", contract.frozen ? "frozen" : "mutable");
  return { ...own, frozen: contract.frozen };
}

function errorClass(own: ErrorObservation, contract: ErrorObservation, what: string, note: Note): ErrorObservation {
  const text = (e: ErrorObservation) => (e.isContextCompactionError ? "a ContextCompactionError" : e.isError ? `an Error (${String(e.name)}), not a ContextCompactionError` : `a ${e.typeOf}, not an Error`);
  note(what, text(own), text(contract));
  // A ContextCompactionError is frozen: an error of another class is judged as the contract's whole.
  const frozen = own.isContextCompactionError === contract.isContextCompactionError ? own.frozen : contract.frozen;
  return { ...own, isContextCompactionError: contract.isContextCompactionError, isError: contract.isError, typeOf: contract.typeOf, name: contract.name, frozen };
}

/** Both calls threw: the subject's error with `patch` applied; any other outcome as it is. */
function errorPatched(own: Outcome, contract: Outcome, patch: (own: ErrorObservation, contract: ErrorObservation) => ErrorObservation): Outcome {
  return own.kind === "threw" && contract.kind === "threw" ? { kind: "threw", error: patch(own.error, contract.error) } : own;
}

function identityPatched(own: Readonly<Record<string, boolean>>, contract: Readonly<Record<string, boolean>>, prefix: string, note: Note): Readonly<Record<string, boolean>> {
  for (const name of new Set([...Object.keys(own), ...Object.keys(contract)])) note(`${prefix}${name}`, String(own[name] ?? "not observed"), String(contract[name] ?? "not observed"));
  return contract;
}

/** Programs: step by step, when both ran the same steps. */
function stepsPatched(s: Observation, r: Observation, patch: (own: StepObservation, contract: StepObservation) => StepObservation): { steps?: readonly StepObservation[] } {
  if (s.steps === undefined || r.steps === undefined || s.steps.length !== r.steps.length) return {};
  return { steps: s.steps.map((step, i) => patch(step, r.steps![i]!)) };
}

function countersPatched(s: Observation, r: Observation, ofFact: (name: string) => boolean, what: string, note: Note): Observation {
  const hostile: Record<string, number> = {};
  for (const [name, count] of Object.entries(s.hostile)) if (!ofFact(name)) hostile[name] = count;
  for (const [name, count] of Object.entries(r.hostile)) if (ofFact(name)) hostile[name] = count;
  // Only the counters that differ: e.g. "constructor.notRestored ×1" against "none".
  const differs = (name: string) => ofFact(name) && (s.hostile[name] ?? 0) !== (r.hostile[name] ?? 0);
  const text = (counts: Readonly<Record<string, number>>) => Object.entries(counts).filter(([name, n]) => differs(name) && n > 0).map(([name, n]) => `${name} ×${n}`).join(", ") || "none";
  note(what, text(s.hostile), text(r.hostile));
  return { ...s, hostile };
}
