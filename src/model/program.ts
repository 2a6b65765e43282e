// The model of a compaction program (operation "program", src/scenario/program.ts): the same
// live state as the driver (live context + pending messages), each step answered by the
// model's own build and compactContext. Nothing here knows about fast-check or the driver.
import type { ContextData, Json, MessageData } from "../scenario/data";
import type { Expected } from "../scenario/expected";
import type { CompactStep, ProgramMeasures, ProgramOptions, ProgramStep } from "../scenario/program";
import { programBudget, stepMessages } from "../scenario/program";
import type { Operation } from "../scenario/scenario";
import { modelBoundary } from "./boundary";
import { modelBuild, type BuiltContext } from "./build";
import { expectedCompact } from "./compact";
import { modelCodePoints, modelContextUnits, modelMessagesUnits, modelRequirementsUnits } from "./units";
import { upstreamActive, withoutUpstream } from "./upstream";

type ProgramOperation = Extract<Operation, { kind: "program" }>;

export interface ExpectedStep {
  readonly step: number;
  readonly call: "build" | "compact";
  /** The model's answer for the call: a context (build), a result {status, context, record} (compact), or codes. */
  readonly expected: Expected;
  /** Compact steps: the measures of the input and the options derived from them. */
  readonly measures: ProgramMeasures | null;
  readonly options: ProgramOptions | null;
  /** The summarizer request the contract prescribes when the summarizer is called, else null. */
  readonly request: Json | null;
  /** Calls opened and not yet answered, before and after the step. */
  readonly openBefore: number;
  readonly openAfter: number;
  /** Messages appended but in no built context, after the step. */
  readonly pending: number;
  /** The live context before and after the step. */
  readonly before: BuiltContext;
  readonly after: BuiltContext;
  /** The call's input as data: what the append builds, or the context the compact step compacts. */
  readonly input: ContextData;
}

export interface ExpectedProgram {
  /** buildActiveContext({ requirements, messages: [] }): the first live context, or codes. */
  readonly setup: Expected;
  readonly steps: readonly ExpectedStep[];
}

interface State {
  live: BuiltContext;
  pending: MessageData[];
  open: Set<string>;
}

/** The input of an append build, or of a compact step while messages are pending. */
function extendedInput(state: State, extra: readonly MessageData[]): ContextData {
  const { requirements, summary, messages, compactions } = state.live;
  return { requirements, summary, messages: [...messages, ...state.pending, ...extra], compactions };
}

function trackCalls(open: Set<string>, messages: readonly MessageData[]): void {
  for (const m of messages) {
    if (m.role === "assistant") for (const b of m.content) if (b.type === "toolCall") open.add(b.id);
    if (m.role === "toolResult") open.delete(m.toolCallId);
  }
}

/** The driver derives the options with the contract's units (src/driver/operations/program-units.ts), so these never take a subject's answers. */
export function measuresOf(input: ContextData, step: CompactStep): ProgramMeasures {
  return withoutUpstream(() => ({
    units: modelContextUnits(input),
    requirementUnits: modelRequirementsUnits(input.requirements ?? []),
    messageUnits: modelMessagesUnits(input.messages ?? []),
    summaryIdUnits: modelCodePoints(step.summaryId),
  }));
}

function appendStep(state: State, index: number, step: ProgramStep, openBefore: number): ExpectedStep {
  const messages = stepMessages(step);
  trackCalls(state.open, messages);
  const before = state.live;
  const input = extendedInput(state, messages);
  const built = modelBuild(input as unknown as Json);
  if (built.ok) {
    state.live = built.context;
    state.pending = [];
  } else {
    state.pending = [...state.pending, ...messages];
  }
  const expected: Expected = built.ok
    ? { kind: "returns", value: built.context as unknown as Json, summarizerCalls: 0 }
    : { kind: "throws", codes: built.codes, summarizerCalls: 0 };
  return { step: index, call: "build", expected, measures: null, options: null, request: null, openBefore, openAfter: state.open.size, pending: state.pending.length, before, after: state.live, input };
}

function compactStep(state: State, index: number, step: CompactStep, openBefore: number): ExpectedStep {
  const before = state.live;
  const input = state.pending.length === 0 ? before : extendedInput(state, []);
  const measures = measuresOf(input, step);
  const options = programBudget(step, measures);
  const operation: Extract<Operation, { kind: "compact" }> = {
    kind: "compact",
    context: input as unknown as Json,
    prebuilt: state.pending.length === 0,
    options: options as unknown as Json,
    summarizer: step.summarizer,
    summarizerSlot: "script",
    signal: "controller",
    abort: step.abort,
  };
  const expected = expectedCompact(operation);
  let request: Json | null = null;
  if (expected.summarizerCalls > 0) {
    const boundary = modelBoundary(input, options);
    request = {
      requirements: before.requirements,
      previousSummary: before.summary,
      messages: before.messages.slice(0, boundary ?? 0),
      boundary,
      maxSummaryUnits: options.summaryMaxUnits,
    } as unknown as Json;
  }
  if (expected.kind === "returns") {
    state.live = (expected.value as unknown as { context: BuiltContext }).context;
    state.pending = [];
  }
  return { step: index, call: "compact", expected, measures, options, request, openBefore, openAfter: state.open.size, pending: state.pending.length, before, after: state.live, input };
}

/** Programs are data that nobody mutates; the generator's labels and expectedFor share one run. */
const simulations = new WeakMap<ProgramOperation, ExpectedProgram>();

/** The model's run of a program: per step, the expected answer and the live state after it. */
export function simulateProgram(op: ProgramOperation): ExpectedProgram {
  if (upstreamActive()) return runProgram(op);
  let simulation = simulations.get(op);
  if (simulation === undefined) {
    simulation = runProgram(op);
    simulations.set(op, simulation);
  }
  return simulation;
}

function runProgram(op: ProgramOperation): ExpectedProgram {
  const setup = modelBuild({ requirements: op.requirements, messages: [] });
  if (!setup.ok) return { setup: { kind: "throws", codes: setup.codes, summarizerCalls: 0 }, steps: [] };
  const state: State = { live: setup.context, pending: [], open: new Set() };
  const steps: ExpectedStep[] = [];
  op.steps.forEach((step, index) => {
    const openBefore = state.open.size;
    steps.push(step.kind === "compact" ? compactStep(state, index, step, openBefore) : appendStep(state, index, step, openBefore));
  });
  return { setup: { kind: "returns", value: setup.context as unknown as Json, summarizerCalls: 0 }, steps };
}

/**
 * expectedFor of a program: "returns" the simulation as data (the judge reads it with
 * `programExpectation`), with the total number of summarizer calls; "throws" when even the
 * first context cannot be built.
 */
export function expectedProgram(op: ProgramOperation): Expected {
  const simulation = simulateProgram(op);
  if (simulation.setup.kind === "throws") return simulation.setup;
  const calls = simulation.steps.reduce((sum, s) => sum + s.expected.summarizerCalls, 0);
  return { kind: "returns", value: simulation as unknown as Json, summarizerCalls: calls };
}

/** The simulation carried by an Expected of a program (the inverse of expectedProgram). */
export function programExpectation(expected: Expected): ExpectedProgram | null {
  if (expected.kind !== "returns" || typeof expected.value !== "object" || expected.value === null) return null;
  const value = expected.value as unknown as ExpectedProgram;
  return Array.isArray(value.steps) && value.setup !== undefined ? value : null;
}
