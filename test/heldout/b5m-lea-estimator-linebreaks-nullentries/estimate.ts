// Lea's own estimator (contract §4) and her boundary walk over it (§6), written over src/core for
// the rest (building contexts, reading the options, the tool rounds). Her compactContext is the
// core's with her two parts in place: the fast-path test and the boundary both count with her
// estimator. Each planted mistake is a flag.
import { buildActiveContext, groupToolRounds } from "../../../src/core/index";
import { readBoundaryOptions } from "../../../src/core/options";
import type { ContextInfo } from "../../../src/core/registry";
import type { CompactOptions } from "../../../src/core/options";

export const PLANTED = ["u-dot-skips-line-breaks", "null-entries-skipped"] as const;

type Flags = ReadonlySet<string>;
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A counter of units: the student's u(s), J(v) and the cost of each part of a context. */
export function counter(flags: Flags) {
  // u(s): one per code point.
  const u = (s: string): number => {
    // [planted u-dot-skips-line-breaks] code points matched with /./gu, which never matches a line terminator
    if (flags.has("u-dot-skips-line-breaks")) return (s.match(/./gu) ?? []).length;
    let n = 0;
    for (const _ of s) n++;
    return n;
  };
  const J = (v: unknown): number => {
    if (v === null) return 1;
    if (v === true) return 5;
    if (v === false) return 6;
    if (typeof v === "number") return 1 + String(v).length;
    if (typeof v === "string") return 1 + u(v);
    if (Array.isArray(v)) {
      let n = 2;
      for (const item of v) n += 1 + J(item);
      return n;
    }
    let n = 2;
    for (const key of Object.keys(v as object)) {
      const value = (v as Record<string, unknown>)[key];
      // [planted null-entries-skipped] an entry whose value is null is taken as absent, key and all
      if (flags.has("null-entries-skipped") && value === null) continue;
      n += 1 + u(key) + J(value);
    }
    return n;
  };
  const message = (m: Any): number => {
    if (m.role === "user") return 4 + u(m.id) + u(m.content);
    if (m.role === "toolResult") return 7 + u(m.id) + u(m.toolCallId) + u(m.toolName) + u(m.content);
    let n = 4 + u(m.id);
    for (const b of m.content) n += b.type === "text" ? 2 + u(b.text) : 6 + u(b.id) + u(b.name) + J(b.arguments);
    return n;
  };
  const requirements = (ctx: Any): number => {
    let n = 0;
    for (const r of ctx.requirements) n += 3 + u(r.id) + u(r.content);
    return n;
  };
  const total = (ctx: Any): number => {
    let n = requirements(ctx) + (ctx.summary === null ? 0 : 5 + u(ctx.summary.id) + u(ctx.summary.content));
    for (const m of ctx.messages) n += message(m);
    return n;
  };
  return { u, J, message, requirements, total };
}

type BoundaryOpts = { targetUnits: number; summaryMaxUnits: number; retainRecentMessages: number };

/** Her walk: the earliest whole-group cut that fits, counted with her estimator. */
export function walk(flags: Flags, ctx: Any, opts: BoundaryOpts): number | null {
  const count = counter(flags);
  const msgs = ctx.messages;
  const latest = msgs.length - opts.retainRecentMessages;
  if (latest <= 0) return null;
  const fixed = count.requirements(ctx) + opts.summaryMaxUnits;
  let rest = 0;
  for (const m of msgs) rest += count.message(m);
  for (const group of groupToolRounds(msgs) as Any[]) {
    for (const m of group.messages) rest -= count.message(m);
    if (group.endIndex > latest) return null;
    if (fixed + rest <= opts.targetUnits) return group.endIndex;
  }
  return null;
}

export const estimateWith = (flags: Flags) => (input: unknown): number => counter(flags).total(buildActiveContext(input as never));

export const boundaryWith = (flags: Flags) => (input: unknown, options: unknown): number | null => {
  const ctx = buildActiveContext(input as never);
  return walk(flags, ctx, readBoundaryOptions(options));
};

/** The two parts of compactContext she wrote: the fast-path test and the boundary. */
export const partsWith = (flags: Flags) => ({
  small: (_units: number, maxUnits: number, info: ContextInfo) => counter(flags).total(info.context) <= maxUnits,
  boundaryOf: (info: ContextInfo, options: CompactOptions) => walk(flags, info.context, options),
});
