import fc from "fast-check";
import type { AuditCall, AuditMessage, Shape } from "../src/adapters/ir";

export type ShapedTranscriptConstraints = {
  /** Shapes allowed beyond adjacent rounds (src/adapters/ir.ts); default none. */
  shapes?: readonly Shape[];
  /** Segments (a user message, a round, a pair of interleaved rounds…), default 8. */
  maxSegments?: number;
};

// The transcripts agent frameworks see: user turns and tool rounds, each round an assistant
// message whose calls are all answered. Valid by construction: a result always follows its call,
// every call is answered, ids are unique ("m0"…, calls "c0"…). Which shapes appear is chosen by
// construction, never by filtering, so an adapter's documented shapes are generated directly.

type Words = string;
type Round = { text: Words; calls: { name: string; args: AuditCall["args"]; text: Words }[]; order: number[] };
type Segment =
  | { kind: "user" | "system"; text: Words }
  | { kind: "round"; round: Round; gap: Words[] }
  | { kind: "interleaved"; first: Round; second: Round; order: number[] };

// Words separated by spaces or newlines (LangChain's default text splitter cuts at newlines).
const word = fc.constantFrom("alpha", "beta", "gamma", "delta", "go", "x", "the", "file");
const words = fc.array(fc.tuple(word, fc.constantFrom(" ", " ", "\n")), { maxLength: 12 }).map((w) => w.map(([a, sep], i) => (i === 0 ? a : sep + a)).join(""));
const args = fc.dictionary(fc.constantFrom("q", "path", "n"), fc.oneof({ withCrossShrink: true }, fc.string({ maxLength: 6 }), fc.nat(99)), { maxKeys: 2 });

function round(parallel: boolean): fc.Arbitrary<Round> {
  const call = fc.record({ name: fc.constantFrom("search", "read", "run"), args, text: words });
  return fc.record({ text: words, calls: fc.array(call, { minLength: 1, maxLength: parallel ? 3 : 1 }), order: fc.array(fc.nat(), { maxLength: 3 }) });
}

function segment(shapes: ReadonlySet<Shape>): fc.Arbitrary<Segment> {
  const parallel = shapes.has("parallel");
  const options: fc.WeightedArbitrary<Segment>[] = [
    { weight: 3, arbitrary: words.map((text): Segment => ({ kind: "user", text })) },
    { weight: 4, arbitrary: fc.record({ round: round(parallel), gap: fc.constant<Words[]>([]) }).map((r): Segment => ({ kind: "round", ...r })) },
  ];
  if (shapes.has("system")) options.push({ weight: 1, arbitrary: words.map((text): Segment => ({ kind: "system", text })) });
  if (shapes.has("separated")) {
    const gap = fc.array(words, { minLength: 1, maxLength: 2 });
    options.push({ weight: 2, arbitrary: fc.record({ round: round(parallel), gap }).map((r): Segment => ({ kind: "round", ...r })) });
  }
  if (shapes.has("interleaved")) {
    const pair = fc.record({ first: round(parallel), second: round(parallel), order: fc.array(fc.nat(), { maxLength: 6 }) });
    options.push({ weight: 2, arbitrary: pair.map((p): Segment => ({ kind: "interleaved", ...p })) });
  }
  return fc.oneof(...options);
}

/** Valid transcripts made of the given shapes, optionally opened by a system message. */
export function shapedTranscript(constraints: ShapedTranscriptConstraints = {}): fc.Arbitrary<AuditMessage[]> {
  const shapes = new Set(constraints.shapes ?? []);
  const leadingSystem = shapes.has("system") ? fc.option(words, { nil: undefined }) : fc.constant(undefined);
  return fc
    .tuple(leadingSystem, fc.array(segment(shapes), { maxLength: constraints.maxSegments ?? 8 }))
    .map(([system, segments]) => fold(system, segments));
}

function fold(system: string | undefined, segments: readonly Segment[]): AuditMessage[] {
  const out: AuditMessage[] = [];
  let nextCall = 0;
  const id = () => `m${out.length}`;
  type Unidentified<M> = M extends AuditMessage ? Omit<M, "id"> : never;
  const push = (message: Unidentified<AuditMessage>) => out.push({ id: id(), ...message });
  const assistant = (r: Round) => {
    const calls = r.calls.map((c) => ({ id: `c${nextCall++}`, name: c.name, args: c.args }));
    push({ role: "assistant", text: r.text, calls });
    return calls.map((call, i) => ({ call, text: r.calls[i]!.text }));
  };
  const answer = (open: { call: AuditCall; text: string }[], order: readonly number[]) => {
    let k = 0;
    while (open.length > 0) {
      const [{ call, text }] = open.splice((order[k++] ?? 0) % open.length, 1) as [{ call: AuditCall; text: string }];
      push({ role: "tool", callId: call.id, name: call.name, text });
    }
  };
  if (system !== undefined) push({ role: "system", text: system });
  for (const s of segments) {
    switch (s.kind) {
      case "user":
      case "system":
        push({ role: s.kind, text: s.text });
        break;
      case "round": {
        const open = assistant(s.round);
        for (const text of s.gap) push({ role: "user", text });
        answer(open, s.round.order);
        break;
      }
      case "interleaved":
        answer([...assistant(s.first), ...assistant(s.second)], s.order);
    }
  }
  return out;
}
