import keepRecentAdapter from "../../examples/adapter/keep-recent.adapter";
import { keepRecent, tokens, type ChatMessage } from "../../examples/adapter/keep-recent";
import type { AnyAdapter, PropertyId } from "../../src/adapters/adapter";

// Deliberately broken versions of examples/adapter/keep-recent.ts, each breaking one universal
// property, audited through the same adapter: every property is shown to catch its bug. And one
// valid variant that a too-strict property would fail.

type Compactor = (messages: ChatMessage[], maxTokens: number) => ChatMessage[];

let flip = 0;
const SUMMARY: ChatMessage = { role: "system", content: "summary", id: "summary" };

type Variant = { name: string; run: Compactor; form?: "summary+suffix"; partial?: "prefix"; refuses?: boolean; declines?: boolean };
const firstCut = (m: ChatMessage[], max: number, cut: (text: string) => string) =>
  keepRecent(m, max).map((x, i) => (i === 0 ? { ...x, content: cut(x.content) } : x));

/** Cuts the text of its first kept message to a prefix, and declares it: kept-unchanged must accept it. */
export const PARTIAL_PREFIX: Variant = { name: "keeps a prefix of its first message, as declared", partial: "prefix", run: (m, max) => firstCut(m, max, (t) => t.slice(0, t.length >> 1)) };

/** Throws when nothing fits, and declares that refusal: output.well-formed must accept it. */
export const REFUSES: Variant = {
  name: "refuses when nothing fits, as declared",
  refuses: true,
  run: (m, max) => {
    const out = keepRecent(m, max);
    if (out.length === 0 && m.length > 0) throw new RangeError("nothing fits");
    return out;
  },
};

/** Returns its input unchanged when nothing fits (over the budget), and declares that refusal: budget.respected must accept it. */
export const DECLINES: Variant = {
  name: "returns its input when nothing fits, as declared",
  declines: true,
  run: (m, max) => {
    const out = keepRecent(m, max);
    return out.length === 0 && m.length > 0 ? m : out;
  },
};

export const BROKEN: readonly (Variant & { breaks: PropertyId })[] = [
  { name: "returns a hole", breaks: "output.well-formed", run: (m, max) => [...keepRecent(m, max), undefined as unknown as ChatMessage] },
  { ...REFUSES, name: "throws when nothing fits, undeclared", refuses: false, breaks: "output.well-formed" },
  { name: "repeats the first kept message", breaks: "output.kept-in-order", run: (m, max) => { const out = keepRecent(m, max); return out.length === 0 ? out : [...out, out[0]!]; } },
  { name: "summary, then a gap", breaks: "output.kept-in-order", form: "summary+suffix", run: (m, max) => { const out = keepRecent(m, max); return out.length < 3 ? out : [SUMMARY, out[0]!, ...out.slice(2)]; } },
  { name: "trims the text of kept messages", breaks: "output.kept-unchanged", run: (m, max) => keepRecent(m, max).map((x) => ({ ...x, content: x.content.slice(1) })) },
  { name: "declares prefixes, keeps a suffix", breaks: "output.kept-unchanged", partial: "prefix", run: (m, max) => firstCut(m, max, (t) => t.slice(1)) },
  { name: "keeps a suffix by tokens only", breaks: "pairing.result-has-call", run: (m, max) => { let s = 0; while (s < m.length && tokens(m.slice(s)) > max) s++; return m.slice(s); } },
  { name: "drops results at the end", breaks: "pairing.call-has-results", run: (m, max) => { const out = keepRecent(m, max); while (out.at(-1)?.role === "tool") out.pop(); return out; } },
  { name: "blanks the caller's first message", breaks: "input.not-mutated", run: (m, max) => { const out = keepRecent(m, max).map((x) => ({ ...x })); if (m[0] !== undefined) m[0].content = ""; return out; } },
  { name: "keeps one more message every other call", breaks: "output.deterministic", run: (m, max) => { flip += 1; const out = keepRecent(m, max); return flip % 2 === 0 && out.length < m.length ? m.slice(m.length - out.length - 1) : out; } },
  { name: "budget off by ten", breaks: "budget.respected", run: (m, max) => keepRecent(m, max + 10) },
  { ...DECLINES, name: "returns its input when nothing fits, undeclared", declines: false, breaks: "budget.respected" },
];

export function brokenAdapter(b: Variant): AnyAdapter {
  return {
    ...keepRecentAdapter,
    name: `keep-recent, ${b.name}`,
    form: b.form ?? keepRecentAdapter.form,
    ...(b.partial !== undefined ? { partial: () => b.partial } : {}),
    ...(b.refuses === true ? { refusal: (e: unknown) => (e instanceof RangeError ? e.message : undefined) } : {}),
    ...(b.declines === true ? { refusalOutput: (output: ChatMessage[], input: ChatMessage[]) => (output === input ? "returned its input unchanged: nothing fits" : undefined) } : {}),
    run: (messages: ChatMessage[], o: { maxTokens: number }) => b.run(messages, o.maxTokens),
    fromLibrary: (output: ChatMessage[], input: ChatMessage[]) =>
      output.map((m) => (m?.id === "summary" ? { id: "summary", role: "summary" as const, text: m.content } : keepRecentAdapter.fromLibrary([m], input)[0]!)),
  };
}
