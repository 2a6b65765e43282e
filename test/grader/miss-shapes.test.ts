// The measure's totals of where several-mistake implementations go wrong (scripts/heldout/rates.ts).
import { describe, expect, it } from "vitest";
import { judgeImplementation, missShapes } from "../../scripts/heldout/rates";

const mistakes = [{ id: "a", criterion: "units" }, { id: "b", criterion: "grouping" }];
const alone = new Map([["a", new Set(["p1", "p2"])], ["b", new Set(["p3"])]]);
const cause = (id: string, properties: string[]) => ({ id, title: id, properties });

describe("missShapes", () => {
  it("counts a mistake's second root cause and a root cause no mistake alone fails", () => {
    const verdict = judgeImplementation({ id: "x", mistakes, alone, rootCauses: [cause("r1", ["p1"]), cause("r2", ["p2"]), cause("r3", ["p3"]), cause("r4", ["p9"])] });
    expect(missShapes([verdict])).toEqual({ tooMany: 1, tooFew: 0, unowned: 1, second: 1, impure: 0, missed: 0, aloneNotOne: { all: 0, wrong: 0, none: 0, within: 0 } });
  });

  it("counts an impure root cause and the mistake it leaves missed", () => {
    const verdict = judgeImplementation({ id: "x", mistakes, alone, rootCauses: [cause("r1", ["p1", "p3"])] });
    expect(missShapes([verdict])).toEqual({ tooMany: 0, tooFew: 1, unowned: 0, second: 0, impure: 1, missed: 2, aloneNotOne: { all: 0, wrong: 0, none: 0, within: 0 } });
  });

  it("leaves out implementations whose count is right", () => {
    const verdict = judgeImplementation({ id: "x", mistakes, alone, rootCauses: [cause("r1", ["p1", "p2"]), cause("r3", ["p3"])] });
    expect(missShapes([verdict])).toEqual({ tooMany: 0, tooFew: 0, unowned: 0, second: 0, impure: 0, missed: 0, aloneNotOne: { all: 0, wrong: 0, none: 0, within: 0 } });
  });
});

describe("aloneNotOne", () => {
  it("counts the mistakes whose grade alone has other than one root cause", () => {
    const aloneCauses = new Map([["a", new Set(["t1", "t2"])], ["b", new Set(["t3"])]]);
    const verdict = judgeImplementation({ id: "x", mistakes, alone, aloneCauses, rootCauses: [cause("r1", ["p1"]), cause("r2", ["p2"]), cause("r3", ["p3"])] });
    expect(missShapes([verdict]).aloneNotOne).toEqual({ all: 1, wrong: 1, none: 0, within: 0 });
  });

  it("counts, of those with more than one, the mistakes whose root causes alone all lie in its own criterion", () => {
    const aloneCauses = new Map([["a", new Set(["t1", "t2"])], ["b", new Set(["t3", "t4"])]]);
    const aloneCriteria = new Map([["a", ["units", "units"]], ["b", ["grouping", "units"]]]);
    const verdict = judgeImplementation({ id: "x", mistakes, alone, aloneCauses, aloneCriteria, rootCauses: [cause("r1", ["p1"]), cause("r3", ["p3"])] });
    expect(missShapes([verdict]).aloneNotOne).toEqual({ all: 2, wrong: 0, none: 0, within: 1 });
  });
});
