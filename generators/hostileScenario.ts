import fc from "fast-check";
import { expectedFor } from "../src/model";
import type { Json } from "../src/scenario/data";
import type { Decoration, Operation, Scenario } from "../src/scenario/scenario";
import { outcomeLabels } from "./_internals/labels";
import { inputPlacements, optionsPlacements, type Placement } from "./_internals/hostileSites";
import { compactScenario } from "./compactScenario";
import { contextData } from "./contextData";

export type HostileKind =
  | "getter"
  | "setterOnly"
  | "proxy"
  | "throwingProxy"
  | "hole"
  | "prototype"
  | "symbolKey"
  | "nonEnumerable"
  | "cycle"
  | "special"
  | "function"
  | "wrongType";

export const HOSTILE_KINDS: readonly HostileKind[] = [
  "getter",
  "setterOnly",
  "proxy",
  "throwingProxy",
  "hole",
  "prototype",
  "symbolKey",
  "nonEnumerable",
  "cycle",
  "special",
  "function",
  "wrongType",
];

export type HostileScenarioConstraints = {
  /** Which kinds to place (default all). */
  kinds?: readonly HostileKind[];
  /** Which operations to decorate (default all five). */
  operations?: readonly Operation["kind"][];
  /** Share of scenarios with a second hostile thing in another channel (default 0.2). */
  secondShare?: number;
  /** Only placements whose effect is this (default any). */
  effect?: "benign" | "reject" | "substitute";
};

const SPECIALS: readonly Json[] = [
  { $cc: "NaN" },
  { $cc: "Infinity" },
  { $cc: "-Infinity" },
  { $cc: "undefined" },
  { $cc: "function" },
  { $cc: "bigint", value: "12345678901234567890" },
  { $cc: "symbol", description: "hostile" },
  { $cc: "-0" },
];
const WRONG_TYPES: readonly Json[] = [7, -1.5, "text", "", true, null, [], {}, ["x"], { id: "x" }];
const TRAPS = ["getPrototypeOf", "getOwnPropertyDescriptor", "ownKeys"] as const;

/** The decoration templates of one hostile kind (kind-specific fields chosen by `pick`). */
function templates(kind: HostileKind, pick: number): Omit<Decoration, "target" | "path">[] {
  switch (kind) {
    case "throwingProxy":
      return [{ kind: "proxy", throwingTrap: TRAPS[pick % TRAPS.length]! }, ...TRAPS.map((t) => ({ kind: "proxy", throwingTrap: t }))];
    case "prototype":
      return [{ kind: "prototype", proto: ["class", "objectCreate", "null"][pick % 3]! }];
    case "special":
      return [{ kind: "value", value: SPECIALS[pick % SPECIALS.length]! }];
    case "function":
      return [{ kind: "value", value: { $cc: "function" } }];
    case "wrongType":
      return [{ kind: "value", value: WRONG_TYPES[pick % WRONG_TYPES.length]! }];
    default:
      return [{ kind }];
  }
}

type Draft = { operation: Operation; extra: boolean };

/** Where the input is, and whether options can be decorated too. */
function inputOf(op: Operation): { input: Json; rootKind: "context" | "transcript" } {
  if (op.kind === "groups") return { input: op.transcript, rootKind: "transcript" };
  if (op.kind === "build" || op.kind === "units") return { input: op.input, rootKind: "context" };
  if (op.kind === "boundary" || op.kind === "compact") return { input: op.context, rootKind: "context" };
  throw new Error(`hostileScenario: no input in a ${op.kind} operation`);
}

/** A valid context, sometimes with an extra property on a record (a place accessors must stay unread). */
const context = fc
  .tuple(contextData({ transcript: { maxEvents: 10 } }), fc.boolean())
  .map(([data, extra]): { data: Json; extra: boolean } => {
    if (!extra) return { data: data as Json, extra: false };
    // Extra properties on the input, the first message and the first requirement.
    const messages = (data.messages ?? []).map((m, i) => (i === 0 ? { ...m, note: "extra" } : m));
    const requirements = (data.requirements ?? []).map((r, i) => (i === 0 ? { ...r, note: "extra" } : r));
    return { data: { ...data, messages, requirements, note: "extra" } as Json, extra: true };
  });

const boundaryOptions = fc
  .record({ target: fc.integer({ min: 1, max: 2_000 }), summary: fc.nat(), retain: fc.nat({ max: 4 }) })
  .map(({ target, summary, retain }) => ({ targetUnits: target, summaryMaxUnits: 1 + (summary % target), retainRecentMessages: retain }));

function drafts(operations: readonly Operation["kind"][]): fc.Arbitrary<Draft> {
  const byKind: Record<string, fc.Arbitrary<Draft>> = {
    build: fc.tuple(context, fc.boolean()).map(([c, twice]) => ({ operation: { kind: "build", input: c.data, ...(twice ? { twice } : {}) }, extra: c.extra })),
    units: fc.tuple(context, fc.boolean()).map(([c, prebuilt]) => ({ operation: { kind: "units", input: c.data, prebuilt }, extra: c.extra })),
    groups: context.map((c) => ({ operation: { kind: "groups", transcript: (c.data as { messages?: Json }).messages ?? [] }, extra: c.extra })),
    boundary: fc
      .tuple(context, fc.boolean(), boundaryOptions)
      .map(([c, prebuilt, options]) => ({ operation: { kind: "boundary", context: c.data, prebuilt, options }, extra: c.extra })),
    compact: fc
      .oneof(compactScenario({ regime: "compacts" }), compactScenario({ regime: "belowThreshold" }))
      .map((s) => ({ operation: s.operation, extra: false })),
  };
  return fc.oneof(...operations.map((k) => byKind[k]!));
}

function placementsFor(op: Operation, kind: HostileKind, pick: number): Placement[] {
  const { input, rootKind } = inputOf(op);
  const out: Placement[] = [];
  for (const t of templates(kind, pick)) {
    out.push(...inputPlacements(input, rootKind, t));
    if (op.kind === "boundary" || op.kind === "compact") out.push(...optionsPlacements(op.options, op.kind === "compact", t));
    if (out.length > 0) break;
  }
  return out;
}

const channelOf = (p: Placement): string => p.site.channel;

/**
 * Scenarios with one hostile thing (getter, setter-only, proxy with counting traps or a
 * throwing one, hole, non-plain prototype, symbol key, non-enumerable key, cycle, a non-JSON
 * value, a wrong type) at a random valid path of a valid context or options, sometimes a
 * second one in another channel. Labels: "hostile:<kind>", "channel:<channel>",
 * "effect:<benign|reject|substitute>", "place:<place>", "op:<kind>", the model's outcome.
 */
export function hostileScenario(constraints: HostileScenarioConstraints = {}): fc.Arbitrary<Scenario> {
  const kinds = constraints.kinds ?? HOSTILE_KINDS;
  const operations = constraints.operations ?? ["build", "units", "groups", "boundary", "compact"];
  const secondWeight = Math.round((constraints.secondShare ?? 0.2) * 100);
  return fc
    .record({
      draft: drafts(operations),
      kind: fc.constantFrom(...kinds),
      second: fc.constantFrom(...kinds),
      picks: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
      two: fc.integer({ min: 1, max: 100 }).map((n) => n <= secondWeight),
    })
    .map(({ draft, kind, second, picks, two }) => {
      const op = draft.operation;
      let first = placementsFor(op, kind, picks[0]);
      if (constraints.effect !== undefined) first = first.filter((p) => p.effect.kind === constraints.effect);
      // The chosen kind always has somewhere to go on a valid context ("getter" at least on a
      // field); an empty context of an operation without options only takes a root proxy.
      if (first.length === 0) first = placementsFor(op, "proxy", 0);
      const a = spread(first, picks[1]);
      const chosen = [a];
      const labels = [`hostile:${kind}`, ...labelsOf(a)];
      if (two) {
        const others = placementsFor(op, second, picks[2]).filter((p) => channelOf(p) !== channelOf(a));
        if (others.length > 0) {
          const b = spread(others, picks[3]);
          chosen.push(b);
          labels.push("hostile:two-channels", `hostile:${second}`, ...labelsOf(b));
        }
      }
      if (draft.extra) labels.push("input:extra-property");
      const scenario: Scenario = { operation: op, decorations: chosen.map((p) => p.decoration) };
      return { ...scenario, labels: [...new Set([...labels, `op:${op.kind}`, ...outcomeLabels(expectedFor(scenario))])] };
    });
}

/** One placement, the channel and the place chosen first so that rare places are not drowned by many message fields. */
function spread(list: readonly Placement[], pick: number): Placement {
  const groups = new Map<string, Placement[]>();
  for (const p of list) {
    const key = `${p.site.channel}/${p.site.place}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const keys = [...groups.keys()];
  const group = groups.get(keys[pick % keys.length]!)!;
  return group[Math.floor(pick / keys.length) % group.length]!;
}

function labelsOf(p: Placement): string[] {
  return [`channel:${p.site.channel}`, `effect:${p.effect.kind}`, `place:${p.site.place}`];
}
