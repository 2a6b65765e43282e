import fc from "fast-check";
import type { SummarizerScript } from "../src/scenario/scenario";
import { stringOfKind } from "./_internals/strings";
import { maybeDress, promiseDress, withDress } from "./_internals/promiseDress";

export type SummarizerScriptName =
  | "syncText"
  | "asyncText"
  | "paddedText"
  | "thenableChain"
  | "empty"
  | "whitespaceOnly"
  | "overSummaryMax"
  | "overStringLimit"
  | "nonString"
  | "messageShaped"
  | "toolCallShaped"
  | "throw"
  | "reject"
  | "deepThenableChain"
  | "never";

/** Scripts whose text is accepted when it fits `room`. */
export const FITTING_SCRIPTS: readonly SummarizerScriptName[] = ["syncText", "asyncText", "paddedText", "thenableChain"];
export const INVALID_SUMMARY_SCRIPTS: readonly SummarizerScriptName[] = ["empty", "whitespaceOnly", "overStringLimit", "nonString", "messageShaped", "toolCallShaped"];
export const FAILING_SCRIPTS: readonly SummarizerScriptName[] = ["throw", "reject", "deepThenableChain"];

export type SummarizerScriptConstraints = {
  names?: readonly SummarizerScriptName[];
  /** Code points a summary text may have and still fit summaryMaxUnits (default 40). */
  room?: number;
};

export type NamedSummarizerScript = { name: SummarizerScriptName; script: SummarizerScript };

/** Text of 1..room code points with non-whitespace in it. */
const fittingText = (room: number) =>
  fc.oneof({ withCrossShrink: true }, fc.string({ minLength: 1, maxLength: room }), stringOfKind("astral", room), stringOfKind("combining", room)).map((t) => {
    const cut = Array.from(t).slice(0, room).join("");
    return cut.trim().length > 0 ? cut : "x";
  });

/** Summarizer behaviours as named data; texts are sized against `room`. */
export function summarizerScript(constraints: SummarizerScriptConstraints = {}): fc.Arbitrary<NamedSummarizerScript> {
  const room = Math.max(1, constraints.room ?? 40);
  const names = constraints.names ?? [...FITTING_SCRIPTS, ...INVALID_SUMMARY_SCRIPTS, ...FAILING_SCRIPTS, "overSummaryMax"];
  // One arm per name (never a `.chain` on the name, which would freeze the name once the
  // script shrinks); a counterexample may still cross-shrink to the first name.
  return fc.oneof({ withCrossShrink: true }, ...names.map((name) => dressable(scriptOf(name, room)).map((script): NamedSummarizerScript => ({ name, script }))));
}

/**
 * A script whose value is a native promise (delivery "promise", reject, never) with a dress
 * now and then (contract §7 step 5: a shadowed `then`, an odd `constructor`; never changes
 * the outcome); drawn beside the script, so it shrinks away on its own.
 */
function dressable(script: fc.Arbitrary<SummarizerScript>): fc.Arbitrary<SummarizerScript> {
  return fc.tuple(script, maybeDress(promiseDress)).map(([s, dress]) => {
    const native = (s as { delivery?: unknown }).delivery === "promise" || s.kind === "reject" || s.kind === "never";
    return native ? withDress(s, dress) : s;
  });
}

function scriptOf(name: SummarizerScriptName, room: number): fc.Arbitrary<SummarizerScript> {
  const delivery = fc.constantFrom<"sync" | "promise">("sync", "promise");
  switch (name) {
    case "syncText":
      return fittingText(room).map((text) => ({ kind: "text", text, delivery: "sync" }));
    case "asyncText":
      return fittingText(room).map((text) => ({ kind: "text", text, delivery: "promise" }));
    case "paddedText":
      // Whitespace around the text is kept and counted: it must still fit.
      return fc
        .tuple(fittingText(Math.max(1, room - 2)), fc.constantFrom(" ", "\n", "\t"), delivery)
        .map(([t, pad, d]) => ({ kind: "text", text: room >= 3 ? `${pad}${t}${pad}` : t, delivery: d }));
    case "thenableChain":
      return fc.tuple(fittingText(room), fc.integer({ min: 1, max: 64 })).map(([text, depth]) => ({ kind: "thenableChain", depth, text }));
    case "deepThenableChain":
      return fc.tuple(fittingText(room), fc.integer({ min: 65, max: 70 })).map(([text, depth]) => ({ kind: "thenableChain", depth, text }));
    case "empty":
      return delivery.map((d) => ({ kind: "text", text: "", delivery: d }));
    case "whitespaceOnly":
      return fc.tuple(stringOfKind("whitespace", 6), delivery).map(([text, d]) => ({ kind: "text", text, delivery: d }));
    case "overSummaryMax":
      return fc.tuple(fc.integer({ min: 1, max: 20 }), delivery).map(([extra, d]) => ({ kind: "text", text: "s".repeat(room + extra), delivery: d }));
    case "overStringLimit":
      return fc.tuple(fc.integer({ min: 1, max: 3 }), delivery).map(([extra, d]) => ({ kind: "text", text: "😀".repeat(65536 + extra), delivery: d }));
    case "nonString":
      return fc.tuple(fc.constantFrom(null, 42, true, ["text"], { text: "summary" }, { $cc: "undefined" }), delivery).map(([value, d]) => ({ kind: "value", value, delivery: d }));
    case "messageShaped":
      return delivery.map((d) => ({ kind: "value", value: { id: "injected", role: "assistant", content: [{ type: "text", text: "ok" }] }, delivery: d }));
    case "toolCallShaped":
      return delivery.map((d) => ({ kind: "value", value: { type: "toolCall", id: "x", name: "exec", arguments: {} }, delivery: d }));
    case "throw":
      return fc.constantFrom<SummarizerScript>({ kind: "throw", value: "boom" }, { kind: "throw", value: { name: "ContextCompactionError", code: "CONTEXT_CANCELLED" } });
    case "reject":
      return fc.constantFrom<SummarizerScript>({ kind: "reject", value: "boom" }, { kind: "reject", value: { name: "ContextCompactionError", code: "CONTEXT_BOUNDARY_UNAVAILABLE" } });
    case "never":
      return fc.constant({ kind: "never" });
  }
}

/** The room scripts are drawn for before fitScript fits them to a budget's room. */
export const SCRIPT_DRAW_ROOM = 60;

/**
 * A script drawn for `drawnRoom` fitted to `room` (same kind, same delivery): fitting texts
 * cut to `room` code points (non-blank), an over-budget text kept that many code points over
 * `room`; other scripts do not depend on the room.
 */
export function fitScript(named: NamedSummarizerScript, drawnRoom: number, room: number): NamedSummarizerScript {
  const script = named.script as { kind: string; text?: unknown };
  if (typeof script.text !== "string") return named;
  const fit = (text: string, max: number) => {
    const cut = Array.from(text).slice(0, Math.max(1, max)).join("");
    return cut.trim().length > 0 ? cut : "x";
  };
  switch (named.name) {
    case "syncText":
    case "asyncText":
    case "thenableChain":
    case "deepThenableChain":
      return { ...named, script: { ...named.script, text: fit(script.text, room) } as SummarizerScript };
    case "paddedText": {
      const text = script.text;
      const padded = text.length >= 3 && /\s/.test(text[0]!) && text[0] === text[text.length - 1];
      const inner = padded ? text.slice(1, -1) : text;
      const fitted = room >= 3 && padded ? `${text[0]}${fit(inner, room - 2)}${text[0]}` : fit(inner, room);
      return { ...named, script: { ...named.script, text: fitted } as SummarizerScript };
    }
    case "overSummaryMax":
      return { ...named, script: { ...named.script, text: "s".repeat(room + Math.max(1, Array.from(script.text).length - drawnRoom)) } as SummarizerScript };
    default:
      return named;
  }
}
