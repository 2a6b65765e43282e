// Uma's exports: her reader (the reference's chain with her own reader of tool-call arguments)
// behind every export that reads a context or a transcript; the boundary and compactContext are
// the reference's, fed with the contexts her reader builds.
import { boundaryOf } from "../../../src/core/boundary";
import { readBoundaryOptions } from "../../../src/core/options";
import { compactWith } from "../_kit/compact-with";
import { buildActiveContext, contextInfo } from "./snapshot";
import { groupToolRounds } from "./groups";
import { switches } from "./json";

/** Runs `read` with the given mistakes switched on in the reader (reading is synchronous). */
function within<T>(on: ReadonlySet<string>, read: () => T): T {
  const before = switches.on;
  switches.on = on;
  try {
    return read();
  } finally {
    switches.on = before;
  }
}

export function exportsWith(on: ReadonlySet<string>) {
  const compact = compactWith({ contextInfo });
  return {
    buildActiveContext: (input: unknown) => within(on, () => buildActiveContext(input as never)),
    estimateContextUnits: (input: unknown) => within(on, () => contextInfo(input).totalUnits),
    groupToolRounds: (transcript: unknown) => within(on, () => groupToolRounds(transcript as never)),
    selectCompactionBoundary: (input: unknown, options: unknown) => within(on, () => boundaryOf(contextInfo(input), readBoundaryOptions(options))),
    // The context is built synchronously, inside the call; the rest of the flow reads no argument.
    compactContext: (input: unknown, options: unknown) => within(on, () => compact(input as never, options as never)) as Promise<unknown>,
  };
}
