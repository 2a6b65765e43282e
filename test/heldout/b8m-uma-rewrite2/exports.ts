// Uma's exports: her tool rounds and walk, and compactContext as the reference's flow
// (_kit/compact-with.ts) with her walk and her record writer in place of the reference's.
import { contextInfo } from "../../../src/core/snapshot";
import { readBoundaryOptions } from "../../../src/core/options";
import { reference } from "../_kit/impl";
import { compactWith } from "../_kit/compact-with";
import { Rounds } from "./rounds";
import { RecordWriter } from "./record";

/** The mistakes planted in this rewrite (index.ts switches all three on). */
export const PLANTED = ["result-index-map-shared", "record-units-without-arguments", "compacted-ids-sorted"] as const;

export function exportsWith(flags: ReadonlySet<string>) {
  const rounds = new Rounds(flags);
  const writer = new RecordWriter(flags);
  const compact = compactWith({
    boundaryOf: (info, options) => rounds.walk(info, options),
    writeRecord: (_reference, info, boundary, text, options) => writer.write(info, boundary, text, options),
  });
  return {
    buildActiveContext: reference.buildActiveContext,
    estimateContextUnits: reference.estimateContextUnits,
    groupToolRounds: (transcript: unknown) => rounds.groupToolRounds(transcript),
    selectCompactionBoundary: (input: unknown, options: unknown) => rounds.walk(contextInfo(input), readBoundaryOptions(options)),
    compactContext: (input: unknown, options: unknown) => compact(input as never, options as never) as Promise<unknown>,
  };
}
