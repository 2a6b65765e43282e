import fc from "fast-check";
import type { CompactionRecordData, ContextData, RequirementData, SummaryData } from "../src/scenario/data";
import { shortText } from "./_internals/strings";
import { contractString } from "./contractString";
import type { TranscriptConstraints } from "./transcript";
import { transcript } from "./transcript";

export type ContextDataConstraints = {
  transcript?: TranscriptConstraints;
  /** Default 4 (the contract allows 128). */
  maxRequirements?: number;
  /** Default 3 (the contract allows 256). */
  maxRecords?: number;
};

const nonBlankShort = contractString({ nonBlank: true, maxLength: 8 });

const requirements = (max: number) =>
  fc
    .tuple(fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant("req-") }, { weight: 1, arbitrary: shortText }), fc.array(contractString({ nonBlank: true }), { maxLength: max }))
    .map(([prefix, contents]): RequirementData[] => contents.map((content, i) => ({ id: `${prefix}${i}`, content })));

const summary: fc.Arbitrary<SummaryData | null> = fc.option(
  fc.record({ id: nonBlankShort, content: contractString({ nonBlank: true }) }),
  { nil: null, freq: 2 },
);

/** Records of earlier compactions: the shape of section 3 (boundary = number of compacted ids). */
const records = (max: number) =>
  fc
    .tuple(
      fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant("rec-") }, { weight: 1, arbitrary: shortText }),
      fc.array(
        fc.record({
          summaryId: nonBlankShort,
          compactedMessageIds: fc.array(nonBlankShort, { minLength: 1, maxLength: 4 }),
          unitsBefore: fc.nat({ max: 100_000 }),
          unitsAfter: fc.nat({ max: 100_000 }),
        }),
        { maxLength: max },
      ),
    )
    .map(([prefix, list]): CompactionRecordData[] =>
      list.map((r, i) => ({
        id: `${prefix}${i}`,
        summaryId: r.summaryId,
        boundary: r.compactedMessageIds.length,
        compactedMessageIds: r.compactedMessageIds,
        unitsBefore: r.unitsBefore,
        unitsAfter: r.unitsAfter,
      })),
    );

/** Valid input of buildActiveContext; a channel may be left out (the contract's defaults apply). */
export function contextData(constraints: ContextDataConstraints = {}): fc.Arbitrary<ContextData> {
  return fc
    .record({
      requirements: requirements(constraints.maxRequirements ?? 4),
      summary,
      messages: transcript(constraints.transcript),
      compactions: records(constraints.maxRecords ?? 3),
      omit: fc.record({ requirements: fc.boolean(), summary: fc.boolean(), messages: fc.boolean(), compactions: fc.boolean() }),
    })
    .map(({ omit, ...ctx }) => {
      // Omitting a channel is only done when it holds its default, so the meaning is the same.
      const out: ContextData = {};
      if (!(omit.requirements && ctx.requirements.length === 0)) out.requirements = ctx.requirements;
      if (!(omit.summary && ctx.summary === null)) out.summary = ctx.summary;
      if (!(omit.messages && ctx.messages.length === 0)) out.messages = ctx.messages;
      if (!(omit.compactions && ctx.compactions.length === 0)) out.compactions = ctx.compactions;
      return out;
    });
}
