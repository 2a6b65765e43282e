import { describe, expect, test } from "vitest";
import { allProperties, families, properties, runProperty } from "../../src/package/index";
import { prepareInProcess } from "../../src/grader/prepare-in-process";
import * as core from "../../src/core/index";
import * as example from "../../examples/submission/src/index";

// The package's programmatic API from the sources (the built package is tested by npm run test:package).

describe("properties", () => {
  test("lists every property once, with its weight, in report order", () => {
    expect(properties.map((p) => p.id)).toEqual(allProperties.map((p) => p.id));
    expect(new Set(properties.map((p) => p.id)).size).toBe(properties.length);
    expect(properties.reduce((sum, p) => sum + p.weight, 0)).toBe(200);
    expect(families).toEqual([...new Set(properties.map((p) => p.family))]);
  });
});

describe("runProperty", () => {
  test("passes on the core and fails on the example submission with a shrunk counterexample", async () => {
    const onCore = await runProperty("units.exact-formula", core as unknown as Record<string, unknown>, { runs: 30 });
    expect(onCore.status).toBe("passed");
    const onExample = await runProperty("units.exact-formula", example as unknown as Record<string, unknown>, { runs: 30 });
    expect(onExample.status).toBe("failed");
    expect(onExample.counterexample?.operation.kind).toBe("units");
  });

  test("refuses an unknown property id with the ids to pick from", async () => {
    await expect(runProperty("units.nope", {})).rejects.toMatchObject({ name: "GraderError", code: "UNKNOWN_PROPERTY" });
  });
});

describe("prepareInProcess", () => {
  test("applies the grade's gates: a missing export and a throw at import", async () => {
    const { compactContext: _dropped, ...withoutCompact } = core as unknown as Record<string, unknown>;
    const missing = await prepareInProcess(() => withoutCompact);
    expect(missing.failure).toBeNull();
    expect(missing.problems.get("compactContext")).toMatch(/missing/);
    expect([...missing.problems.keys()]).toEqual(["compactContext"]);
    const throwing = await prepareInProcess(() => {
      throw new TypeError("boom");
    });
    expect(throwing.failure).toBe("it threw at import: TypeError: boom");
  });
});
