// For layers that return a compacted context other than the one the reference built (a student
// who writes the record or the new summary differently): the patched context is still "built
// by this module", so passing it back must work as for any context the module built (the same
// object back from buildActiveContext and from an unchanged compactContext). Each patched
// context is mapped to a reference-built copy, which is what the reference is given instead.
import * as core from "../../../src/core/index";
import { deepFreeze } from "./data";
import type { Impl } from "./impl";

const toReference = new WeakMap<object, unknown>();

type Compacted = { status: string; context: Record<string, unknown>; record: Record<string, unknown> | null };

function referenceOf(input: unknown): unknown {
  return typeof input === "object" && input !== null ? (toReference.get(input) ?? input) : input;
}

/** Replaces the record and/or the new context of a compacted result, keeping it usable as a built context. */
export function patchLayer(
  base: Impl,
  patch: (result: Compacted, oldContext: Record<string, unknown>) => { record: Record<string, unknown>; context: Record<string, unknown> },
): Impl {
  return {
    buildActiveContext: (input) => (toReference.has(input as object) ? input : base.buildActiveContext(input)),
    groupToolRounds: (transcript) => base.groupToolRounds(transcript),
    estimateContextUnits: (input) => base.estimateContextUnits(referenceOf(input)),
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(referenceOf(input), options),
    compactContext: async (input, options) => {
      const reference = referenceOf(input);
      const old = base.buildActiveContext(reference) as Record<string, unknown>;
      const result = (await base.compactContext(old, options)) as Compacted;
      if (result.status !== "compacted") return reference === input ? result : Object.freeze({ ...result, context: input });
      const { record, context } = patch(result, old);
      const compactions = [...(context.compactions as unknown[]).slice(0, -1), record];
      const next = deepFreeze({ ...context, compactions });
      toReference.set(next, core.buildActiveContext(next as never));
      return deepFreeze({ status: "compacted", context: next, record });
    },
  };
}
