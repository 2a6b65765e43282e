import fc from "fast-check";
import type { Json } from "../../src/scenario/data";
import type { ProgramAbort, ProgramBudget } from "../../src/scenario/program";
import type { SummarizerScript } from "../../src/scenario/scenario";

// The data a program command carries before it is run: contents, tool calls and budgets.
// Ids are not here: the commands take them from the light model when they run, so they
// stay unique however fast-check shrinks the sequence.

const ASTRAL = "\u{1F600}";
const COMBINING = "e\u0301";
const words = fc.constantFrom("ok", "plan", "the file", "result", "error", "next step", ASTRAL, COMBINING, "data", "  ", "x".repeat(12), "lorem ipsum dolor sit amet ".repeat(2));

/** Message contents: empty, whitespace, astral and combining characters, up to a few hundred code points. */
export const content = fc.array(words, { maxLength: 8 }).map((parts) => parts.join(" "));

/** Summary text with at least one non-whitespace character, short next to the messages it replaces. */
export const summaryText = fc.tuple(fc.constantFrom("summary", "so far", "recap"), fc.array(fc.constantFrom("ok", ASTRAL, COMBINING, "plan", " "), { maxLength: 3 })).map(([head, rest]) => [head, ...rest].join(""));

export const toolName = fc.constantFrom("search", "read_file", "run", "fetch", `tool${ASTRAL}`);

/** Small tool arguments: a few keys, nested at most once. */
export const toolArgs: fc.Arbitrary<{ [key: string]: Json }> = fc.dictionary(
  fc.constantFrom("q", "path", "n", "flags", "opts", ASTRAL),
  fc.oneof({ withCrossShrink: true }, fc.integer({ min: -99, max: 999 }), fc.boolean(), fc.constant(null), content, fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }), fc.record({ deep: fc.boolean() })),
  { maxKeys: 3 },
);

export type CallPlan = { readonly name: string; readonly args: { [key: string]: Json }; readonly result: string; readonly isError: boolean };
export const callPlan: fc.Arbitrary<CallPlan> = fc.record({ name: toolName, args: toolArgs, result: content, isError: fc.boolean() });

/** A message between a call and its result: a user message or a text-only assistant message. */
export type BetweenPlan = { readonly kind: "user" | "text"; readonly content: string; readonly at: number };
export const betweenPlan: fc.Arbitrary<BetweenPlan> = fc.record({ kind: fc.constantFrom("user" as const, "text" as const), content, at: fc.nat(3) });

export type RoundPlan = {
  readonly lead: string | null;
  readonly calls: readonly CallPlan[];
  /** Order of the results: each pick chooses among the results not yet placed. */
  readonly picks: readonly number[];
  readonly between: readonly BetweenPlan[];
};
export const roundPlan: fc.Arbitrary<RoundPlan> = fc.record({
  lead: fc.option(content, { freq: 2 }),
  calls: fc.array(callPlan, { minLength: 1, maxLength: 3 }),
  picks: fc.array(fc.nat(5), { minLength: 3, maxLength: 3 }),
  between: fc.array(betweenPlan, { maxLength: 2 }),
});

/** keepPercent mostly below half (compaction frees room), sometimes 0 or near all. */
// Cross-shrinking: a value of a later arm shrinks to the first arm's (retain 3 to 0, "fits" to "over").
const keepPercent = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.integer({ min: 0, max: 40 }), weight: 6 }, { arbitrary: fc.constantFrom(0, 90, 100), weight: 1 });
const retain = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(0), weight: 4 }, { arbitrary: fc.integer({ min: 1, max: 3 }), weight: 1 });
const trigger = fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant("over" as const), weight: 9 }, { arbitrary: fc.constant("fits" as const), weight: 1 });

export type CompactPlan = {
  readonly summarizer: SummarizerScript;
  readonly abort: ProgramAbort;
  readonly budget: ProgramBudget;
  readonly label: string;
  /** A summarizer that fails (throws, rejects, too long): the step changes nothing, and the next compaction retries with its ids. */
  readonly fails?: true;
};

/** The budget's draws but the summary's room, which follows from the text: added by `.map` (a `.chain` would stop the text from shrinking once the budget did). */
const budgetDraw = fc.record({ keepPercent, retainRecentMessages: retain, trigger });
const withRoom = (b: { keepPercent: number; retainRecentMessages: number; trigger: "over" | "fits" }, summaryRoom: number): ProgramBudget => ({ ...b, summaryRoom });

const codePoints = (s: string) => Array.from(s).length;

/** A good summarizer: its text fits the room reserved for it. */
export const goodCompact: fc.Arbitrary<CompactPlan> = fc
  .tuple(summaryText, fc.constantFrom("sync" as const, "promise" as const), fc.nat(8), budgetDraw)
  .map(([text, delivery, slack, b]) => ({ summarizer: { kind: "text", text, delivery }, abort: "none" as const, budget: withRoom(b, codePoints(text) + slack), label: "good" }));

/** A failing summarizer: throws, rejects, or returns text longer than the room (SUMMARY_INSUFFICIENT). */
export const failingCompact: fc.Arbitrary<CompactPlan> = fc.oneof(
  fc.tuple(fc.constantFrom("throw", "reject"), fc.nat(20), budgetDraw).map(([kind, room, b]) => ({ summarizer: { kind, value: `summarizer ${kind}s` }, abort: "none" as const, budget: withRoom(b, room), label: kind, fails: true as const })),
  fc.tuple(summaryText, fc.integer({ min: 1, max: 5 }), budgetDraw).map(([text, over, b]) => ({ summarizer: { kind: "text", text, delivery: "sync" }, abort: "none" as const, budget: withRoom(b, Math.max(0, codePoints(text) - over)), label: "tooLong", fails: true as const })),
);

/** A good summarizer whose call is cancelled: before the call, inside it, or while its promise is pending. */
export const abortedCompact: fc.Arbitrary<CompactPlan> = fc
  .tuple(summaryText, fc.constantFrom("beforeCall" as const, "inSummarizer" as const, "whilePending" as const), budgetDraw)
  .map(([text, abort, b]) => ({ summarizer: { kind: "text", text, delivery: "promise" }, abort, budget: withRoom(b, codePoints(text)), label: abort }));

/** A summary that never settles, cancelled while it is pending (programs that reuse one signal: each call must listen to it). */
export const cancelledNeverCompact: fc.Arbitrary<CompactPlan> = fc
  .tuple(fc.nat(20), budgetDraw)
  .map(([room, b]) => ({ summarizer: { kind: "never" }, abort: "whilePending" as const, budget: withRoom(b, room), label: "neverCancelled" }));
