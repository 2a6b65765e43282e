import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Json, Path } from "../src/scenario/data";
import type { Decoration, Operation, Scenario } from "../src/scenario/scenario";
import { outcomeLabels } from "./_internals/labels";
import { LIMIT_NAMES, limitEdge, type Edge, type LimitName } from "./_internals/limitEdges";

export type { LimitName };
export { LIMIT_NAMES };

export type LimitEdgeScenarioConstraints = {
  /** Which limits (default all eight of contract §3). */
  limits?: readonly LimitName[];
  /** At the limit (must build), one past it (CONTEXT_LIMIT_EXCEEDED), or both (default). */
  side?: "at" | "past" | "both";
};

/** Valid options for boundary and compact: a past-limit context fails before they are read. */
const BOUNDARY_OPTIONS: Json = { targetUnits: 1000, summaryMaxUnits: 100, retainRecentMessages: 0 };
const COMPACT_OPTIONS: Json = { ...BOUNDARY_OPTIONS, maxUnits: 1000, summaryId: "sum", recordId: "rec-new" };

function operation(kind: Operation["kind"], context: Json): Operation {
  switch (kind) {
    case "units":
      return { kind: "units", input: context, prebuilt: false };
    case "boundary":
      return { kind: "boundary", context, prebuilt: false, options: BOUNDARY_OPTIONS };
    case "compact":
      return {
        kind: "compact",
        context,
        prebuilt: false,
        options: COMPACT_OPTIONS,
        summarizer: { kind: "text", text: "summary", delivery: "sync" },
        summarizerSlot: "script",
        signal: "none",
        abort: "none",
      };
    default:
      return { kind: "build", input: context };
  }
}

const input = (path: Path, kind: string, extra: Record<string, Json> = {}): Decoration => ({ kind, target: "input", path, ...extra });

/** Hostile data after the overflow: counting getters, setters, proxies, functions and holes (one or two). */
function afterDecorations(edge: Edge, picks: readonly number[], op: Operation): Decoration[] {
  const out: Decoration[] = [];
  const objects = new Set(edge.objects.map((p) => JSON.stringify(p)));
  const used = new Set<string>();
  for (let k = 0; k < 1 + (picks[2]! % 2) && edge.after.length > 0; k++) {
    const path = edge.after[(picks[3]! + k) % edge.after.length]!;
    const key = JSON.stringify(path);
    if (used.has(key)) continue; // one decoration per site: a second would find an accessor there
    used.add(key);
    const variant = (picks[4]! + k) % 5;
    if (variant === 1 && objects.has(key)) out.push(input(path, "proxy"));
    else if (variant === 2) out.push(input(path, "setterOnly"));
    // A function, or undefined (a data slot holding undefined is a fine slot: its item lies past the overflow).
    else if (variant === 3) out.push(input(path, "value", { value: { $cc: picks[5]! % 3 === 0 ? "undefined" : "function" } }));
    // A hole only where an array has a slot (§3 "Slots first": a bad slot may win over an earlier overflow).
    else if (variant === 4 && typeof path[path.length - 1] === "number") out.push(input(path, "hole"));
    else out.push(input(path, "getter"));
  }
  // Options are read only after the context is built, so they are after any overflow too.
  if ((op.kind === "boundary" || op.kind === "compact") && picks[5]! % 2 === 0) {
    out.push(picks[5]! % 4 === 0 ? { kind: "getter", target: "options", path: ["targetUnits"] } : { kind: "proxy", target: "options", path: [] });
  }
  return out;
}

/** Which array a path indexes into, by the key that holds the array. */
function arrayOf(path: Path): string {
  const key = path[path.length - 2];
  if (key === "requirements" || key === "messages" || key === "compactions" || key === "compactedMessageIds" || key === "content") return key;
  return "arguments";
}

/** "slot-after:<array>" for a bad slot (hole, accessor) after the overflow (§3 "Slots first"). */
function slotLabel(d: Decoration): string[] {
  const slot = typeof d.path[d.path.length - 1] === "number" && (d.kind === "getter" || d.kind === "setterOnly" || d.kind === "hole");
  return d.target === "input" && slot ? [`slot-after:${arrayOf(d.path)}`] : [];
}

/**
 * Inputs at each limit of contract §3 (messages 4096, requirements 128, records 256,
 * collection items 16384, depth 32, a string of 65536 code points, strings 1,000,000 code
 * points, units 1,000,000) and one past it, with hostile data after the overflow point.
 * At the limit a counting Proxy sometimes wraps a part of the input (read like data).
 * Past the limit, a bad slot (hole, accessor) may sit later in an array reached before the
 * overflow, in every kind of array (§3 "Slots first").
 * Labels: "limit:<name>", "side:at|past", "op:<kind>", "hostile:<kind>", "slot-after:<array>"
 * (requirements, messages, compactions, compactedMessageIds, content, arguments), the model's outcome.
 */
export function limitEdgeScenario(constraints: LimitEdgeScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const limits = constraints.limits ?? LIMIT_NAMES;
  const sides = constraints.side === "at" ? [false] : constraints.side === "past" ? [true] : [false, true];
  return fc
    .record({
      limit: fc.constantFrom(...limits),
      past: fc.constantFrom(...sides),
      kind: fc.constantFrom<Operation["kind"]>("build", "build", "units", "boundary", "compact"),
      picks: fc.array(fc.nat({ max: 1 << 20 }), { minLength: 6, maxLength: 6 }),
    })
    .map(({ limit, past, kind, picks }) => {
      const edge = limitEdge(limit, { past, picks });
      // At the limit, only operations whose success is a plain value of the context.
      const opKind = past ? kind : kind === "units" ? "units" : "build";
      const op = operation(opKind, edge.context);
      const decorations = past
        ? afterDecorations(edge, picks, op)
        : picks[2]! % 2 === 0 && edge.objects.length > 0
          ? [input(edge.objects[0]!, "proxy")]
          : [];
      const scenario: Scenario = decorations.length > 0 ? { operation: op, decorations } : { operation: op };
      const labels = [`limit:${limit}`, `side:${past ? "past" : "at"}`, `op:${op.kind}`, ...decorations.map((d) => `hostile:${d.kind}`), ...decorations.flatMap(slotLabel)];
      return { ...scenario, labels: [...new Set([...labels, ...outcomeLabels(expectedFor(scenario))])] };
    });
}

/**
 * One past each limit, built, with a counting Proxy around the first object after the
 * overflow point and a getter on the first path after it (each alone): the cases where reading
 * past the overflow shows. Fixed, for a property's edge cases.
 */
export function pastLimitProbes(): Scenario[] {
  const out: Scenario[] = [];
  for (const limit of LIMIT_NAMES) {
    const edge = limitEdge(limit, { past: true, picks: [1, 0, 0, 0, 0, 1] });
    const operation: Operation = { kind: "build", input: edge.context };
    const probes: Decoration[] = [];
    if (edge.objects.length > 0) probes.push(input(edge.objects[0]!, "proxy"));
    const lastPath = edge.after[edge.after.length - 1];
    if (lastPath !== undefined) probes.push(input(lastPath, "getter"));
    for (const probe of probes) out.push({ operation, decorations: [probe], labels: [`limit:${limit}`, "side:past", `hostile:${probe.kind}`, "probe"] });
  }
  return out;
}

/**
 * A channel present as null where §3 wants an array (requirements, messages, compactions), given
 * to each export that reads a context: only a missing channel means [], so each is refused with
 * its channel's code (CONTEXT_INVALID_TRANSCRIPT for messages, CONTEXT_INVALID_INPUT otherwise).
 * Only the summary may be null.
 */
export function nullChannelProbes(): Scenario[] {
  const messages: Json = [{ id: "m0", role: "user", content: "an old message worth summarizing" }, { id: "m1", role: "user", content: "hi" }];
  const options: Json = { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1, maxUnits: 40, summaryId: "s", recordId: "r" };
  const out: Scenario[] = [];
  for (const channel of ["requirements", "messages", "compactions"] as const) {
    const context: Json = { requirements: [], summary: null, messages, compactions: [], [channel]: null };
    const labels = [`channel:${channel}`, "null-channel"];
    out.push({ operation: { kind: "build", input: context }, labels });
    out.push({ operation: { kind: "units", input: context, prebuilt: false }, labels });
    out.push({ operation: { kind: "boundary", context, prebuilt: false, options: { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 } }, labels });
    out.push({ operation: { kind: "compact", context, prebuilt: false, options, summarizer: { kind: "text", text: "sum", delivery: "sync" }, summarizerSlot: "script", signal: "none", abort: "none" }, labels });
  }
  return out;
}