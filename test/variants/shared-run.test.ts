import { afterAll, describe, expect, it } from "vitest";
import { createInProcessHost } from "../../src/grader/in-process-host";
import { settings } from "../properties/_run";
import { mutants } from "../mutants/catalogue";
import { loadMutant, loadUnpatchedCore } from "../mutants/loader";
import { runOne, suiteProperties } from "../mutants/matrix";
import { coreReference } from "./grade";
import { runPropertyOnMany } from "./shared-run";

// The shared runner (./shared-run.ts) grades many subjects in one run; it must judge each as a
// run of its own would (src/grader/run-property.ts): here a mutant and the unpatched core side
// by side, on a property that kills the mutant.

const reference = coreReference();
afterAll(async () => {
  await reference.close();
});

describe("the shared runner", () => {
  it("fails a mutant and passes the core in the same run, as separate runs do", async () => {
    const mutant = mutants.find((m) => m.id === "units-utf16-code-units")!;
    const property = suiteProperties().find((p) => p.id === "units.astral-counts-one")!;
    const subjects = [
      { id: "core", host: createInProcessHost(await loadUnpatchedCore()) },
      { id: mutant.id, host: createInProcessHost(await loadMutant(mutant)) },
    ];
    const { seed, numRuns } = settings();
    const [core, broken] = await runPropertyOnMany(property, subjects, { seed, numRuns, reference });
    expect(core!.status, core!.message).toBe("passed");
    expect(broken!.status).toBe("failed");
    expect(broken!.counterexample).toBeDefined();
    const alone = await runOne(property, { subject: subjects[1]!.host, reference }, { seed, numRuns, shrink: false });
    expect(alone.status).toBe("failed");
    // Unshrunk, both stop at the first failing case of the same sequence of cases.
    expect(broken!.counterexample).toEqual(alone.counterexample);
  });
});
