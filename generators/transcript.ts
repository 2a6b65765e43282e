import fc from "fast-check";
import type { MessageData } from "../src/scenario/data";
import type { TranscriptEvent } from "./_internals/events";
import { eventArbitrary, foldEvents } from "./_internals/events";
import { shortText } from "./_internals/strings";
import { contractString } from "./contractString";
import { toolArguments } from "./toolArguments";

export type TranscriptConstraints = {
  /**
   * "moderate": up to `maxEvents` events (default 30), tens of messages;
   * "large": up to 300 events, a few hundred messages;
   * "nearLimit": 3,990..4,095 messages that still fit the 16,384 collection items (the
   * two limits meet there; the over-limit inputs are the mutations "limit:messages" and
   * "limit:collection-items").
   */
  size?: "moderate" | "large" | "nearLimit";
  maxEvents?: number;
  /** At most this many calls in one assistant message (default 3). */
  maxCallsPerMessage?: number;
};

const plainPieces = {
  // A contract string of any kind cross-shrinks to a short ASCII one (the first arm).
  text: fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.string({ maxLength: 12 }) }, { weight: 2, arbitrary: contractString() }),
  name: contractString({ nonBlank: true, maxLength: 8 }),
  maxCallsPerMessage: 3,
};

const prefixes = fc.record({
  messagePrefix: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.constant("m") }, { weight: 1, arbitrary: shortText }),
  callPrefix: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.constant("call-") }, { weight: 1, arbitrary: shortText }),
  closing: fc.array(fc.nat(), { maxLength: 6 }),
});

/** Valid transcripts by construction, with every interleaving of calls and results. */
export function transcript(constraints: TranscriptConstraints = {}): fc.Arbitrary<MessageData[]> {
  const size = constraints.size ?? "moderate";
  const maxCallsPerMessage = constraints.maxCallsPerMessage ?? 3;
  if (size === "nearLimit") return nearLimit();
  const maxEvents = constraints.maxEvents ?? (size === "large" ? 300 : 30);
  const events = eventArbitrary({ ...plainPieces, args: toolArguments(), maxCallsPerMessage });
  return fc
    .tuple(fc.array(events, { maxLength: maxEvents, size: size === "large" ? "max" : undefined }), prefixes)
    .map(([list, o]) => foldEvents(list, o));
}

/**
 * 3,990..4,095 messages, mostly empty user messages with a few tool rounds: as many as the
 * 16,384 collection items allow (a user message costs 4 items, a one-call round 8 more than
 * two users), so the transcript still builds with the top-level object counted.
 */
function nearLimit(): fc.Arbitrary<MessageData[]> {
  const round = fc.record({ at: fc.nat(), gap: fc.nat({ max: 3 }) });
  // The rounds are cut to what n allows in the map (a `.chain` on n would stop n from shrinking once the rounds did).
  return fc.tuple(fc.integer({ min: 3990, max: 4095 }), fc.array(round, { maxLength: 30 }), prefixes).map(([n, drawn, o]) => {
    const rounds = drawn.slice(0, Math.min(30, Math.floor((16383 - 4 * n) / 8)));
    const events: TranscriptEvent[] = Array.from({ length: n - 2 * rounds.length }, () => ({ t: "user", content: "" }));
    for (const r of rounds) {
      const at = r.at % (events.length + 1);
      events.splice(at, 0, { t: "assistant", layout: "callsOnly", texts: ["", ""], calls: [{ name: "t", args: {} }] });
      events.splice(Math.min(at + 1 + r.gap, events.length), 0, { t: "result", pick: 0, content: "", isError: false });
    }
    return foldEvents(events, { ...o, messagePrefix: "m", callPrefix: "c" });
  });
}
