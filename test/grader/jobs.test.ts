import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { grade } from "../../src/grader/grade";
import type { GradeResult } from "../../src/grader/result";
import type { PropertyDefinition } from "../../src/scenario/property";
import type { Scenario } from "../../src/scenario/scenario";
import type { Reporter } from "../../src/grader/report/reporter";
import { standInProperties } from "./stand-in/properties";

// --jobs N grades properties in N sandboxed children at once; the report must not show it:
// same verdicts, order, counterexamples and paths as --jobs 1, also when a property tampers
// (the properties after it are "not run", those before are graded).

const STAND_IN_DRIVER = fileURLToPath(new URL("./stand-in/driver.ts", import.meta.url));
const submission = (name: string) => fileURLToPath(new URL(`./submissions/${name}`, import.meta.url));

const copies = (n: number): PropertyDefinition[] => Array.from({ length: n }, (_, i) => standInProperties.map((p) => ({ ...p, id: `${p.id}-${i}` }))).flat();
const taint: PropertyDefinition = {
  ...standInProperties[0]!,
  id: "standin.taints",
  arbitrary: fc.constant<Scenario>({ operation: { kind: "units", prebuilt: false, input: { messages: [{ id: "m", role: "user", content: "taint" }] } } }),
};

async function gradeWith(name: string, properties: PropertyDefinition[], jobs: number): Promise<{ result: GradeResult; ended: string[] }> {
  const ended: string[] = [];
  const order: Reporter = { onPropertyEnd: (r) => void ended.push(r.id) };
  const result = await grade({ submission: submission(name), properties, driverModule: STAND_IN_DRIVER, numRuns: 20, reference: null, reportsDir: null, jobs, reporters: [order], limits: { scenarioTimeoutMs: 500 } });
  return { result, ended };
}

/** What must not depend on --jobs: everything but times. */
const comparable = (result: GradeResult) =>
  JSON.parse(JSON.stringify({ ...result, durationMs: 0, warnings: [] }, (key, value: unknown) => (key === "durationMs" ? 0 : value))) as unknown;

describe("--jobs", () => {
  it("a failing submission: --jobs 3 reports exactly what --jobs 1 does", async () => {
    const properties = copies(3);
    const one = await gradeWith("units-utf16", properties, 1);
    const three = await gradeWith("units-utf16", properties, 3);
    expect(one.result.properties.filter((p) => p.status === "failed")).toHaveLength(3);
    expect(comparable(three.result)).toEqual(comparable(one.result));
    expect(three.ended).toEqual(properties.map((p) => p.id));
  });

  it("tampering in a middle property: the same properties are graded and not run as with --jobs 1", async () => {
    const properties = [...copies(2), taint, ...copies(1)];
    const one = await gradeWith("units-markers", properties, 1);
    const three = await gradeWith("units-markers", properties, 3);
    expect(one.result.properties.map((p) => p.status)).toEqual(["passed", "passed", "passed", "passed", "failed", "failed", "failed"]);
    expect(one.result.properties[5]!.message).toMatch(/^not run: global tampering detected during standin\.taints/);
    expect(comparable(three.result)).toEqual(comparable(one.result));
    expect(three.result.warnings.join("\n")).toMatch(/global tampering: .*Object\.freeze/);
  });
});
