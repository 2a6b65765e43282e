import { afterAll, describe, expect, it } from "vitest";
import { analysisOf } from "./root-cause-analysis";
import { coreReference } from "../variants/grade";

// A failure the model cannot judge again with the subject's answers: arguments-accept-non-finite
// builds a context holding NaN, which J (contract §4) does not define, so the compaction's
// expected answer over the subject's build cannot be computed. The analysis of that failure
// alone gives up (it stays its own root cause); the grade's other failures are still grouped.
// Before, the model's error escaped the whole analysis (npm run root-causes died on it; a grade
// fell back to one root cause per failure).

const reference = coreReference();
afterAll(() => reference.close());

describe("a failure the model cannot judge again", () => {
  it("stays its own root cause; the build failure beside it is still diagnosed (the input's reading of a value no JSON has)", async () => {
    const { analysis } = await analysisOf("arguments-accept-non-finite", ["strength.argument-values-must-be-json", "differential.compact-same-as-reference"], reference);
    expect(analysis.causeOf.get("strength.argument-values-must-be-json")).toBe("read.input");
    expect(analysis.causeOf.get("differential.compact-same-as-reference")).toBe("differential.compact-same-as-reference");
  }, 300_000);
});
