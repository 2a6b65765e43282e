// Oda's estimator (§4) and walk (§6), written over the core's reader: a context is built by
// src/core first (every rule and ceiling of §3 is the core's), then priced and walked here. The
// same pricing serves estimateContextUnits, compactContext's fast path (step 2) and the walk, in
// selectCompactionBoundary and in compactContext (step 3); the rest of compactContext (the
// summary's checks, the record and its units) is the core's. Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";

/** The mistakes planted in this rewrite (index.ts switches every one on). */
export const PLANTED = ["u-counted-after-nfd", "groups-of-compactable-prefix", "walk-total-counts-removed"];

type Flags = ReadonlySet<string>;
type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
type Context = ReturnType<typeof buildActiveContext>;
type Message = Context["messages"][number];
type Budgets = { readonly targetUnits: number; readonly summaryMaxUnits: number; readonly retainRecentMessages: number };

/** u(s), the number of characters. */
function charsOf(s: string, flags: Flags): number {
  // [planted u-counted-after-nfd] strings are normalized (NFD) before they are counted, so that one text costs the same however it was typed
  const text = flags.has("u-counted-after-nfd") ? s.normalize("NFD") : s;
  return Array.from(text).length;
}

function jsonUnits(v: Json, flags: Flags): number {
  switch (typeof v) {
    case "boolean":
      return v ? 5 : 6;
    case "number":
      return 1 + String(v).length;
    case "string":
      return 1 + charsOf(v, flags);
  }
  if (v === null) return 1;
  if (Array.isArray(v)) return (v as readonly Json[]).reduce<number>((n, item) => n + 1 + jsonUnits(item, flags), 2);
  return Object.entries(v).reduce((n, [key, item]) => n + 1 + charsOf(key, flags) + jsonUnits(item, flags), 2);
}

export function messageUnits(m: Message, flags: Flags): number {
  const u = (s: string) => charsOf(s, flags);
  switch (m.role) {
    case "user":
      return 4 + u(m.id) + u(m.content);
    case "toolResult":
      return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content);
    case "assistant":
      return m.content.reduce(
        (n, b) => n + (b.type === "text" ? 2 + u(b.text) : 6 + u(b.id) + u(b.name) + jsonUnits(b.arguments as Json, flags)),
        4 + u(m.id),
      );
  }
}

function requirementUnits(c: Context, flags: Flags): number {
  return c.requirements.reduce((n, r) => n + 3 + charsOf(r.id, flags) + charsOf(r.content, flags), 0);
}

export function contextUnits(c: Context, flags: Flags): number {
  const summary = c.summary === null ? 0 : 5 + charsOf(c.summary.id, flags) + charsOf(c.summary.content, flags);
  return requirementUnits(c, flags) + summary + c.messages.reduce((n, m) => n + messageUnits(m, flags), 0);
}

/** The earliest whole-group cut that fits, or null. */
export function walk(c: Context, o: Budgets, flags: Flags): number | null {
  const messages = c.messages;
  const latest = messages.length - o.retainRecentMessages;
  const fixed = requirementUnits(c, flags) + o.summaryMaxUnits;
  // [planted groups-of-compactable-prefix] only the messages that may be compacted (those before latest) are grouped
  const grouped = flags.has("groups-of-compactable-prefix") ? messages.slice(0, Math.max(0, latest)) : messages;
  const groups = groupToolRounds(grouped);
  // [planted walk-total-counts-removed] the running total starts at 0 and adds each group taken away, so it counts what is compacted, not what is kept
  let running = flags.has("walk-total-counts-removed") ? 0 : messages.reduce((n, m) => n + messageUnits(m, flags), 0);
  for (const group of groups) {
    let units = 0;
    for (let i = group.startIndex; i < group.endIndex; i++) units += messageUnits(messages[i], flags);
    running = flags.has("walk-total-counts-removed") ? running + units : running - units;
    if (group.endIndex > latest) return null;
    if (fixed + running <= o.targetUnits) return group.endIndex;
  }
  return null;
}

export function estimateWith(flags: Flags) {
  return (input: unknown): number => contextUnits(buildActiveContext(input as never), flags);
}

export function boundaryWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    const c = buildActiveContext(input as never);
    return walk(c, readBoundaryOptions(options), flags);
  };
}
