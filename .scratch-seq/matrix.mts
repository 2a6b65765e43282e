import fc from "/work/main/node_modules/fast-check/lib/fast-check.js";
import { readdirSync } from "node:fs";
import { sequenceProperties } from "/work/main/properties/sequences";
import { createInProcessHost } from "/work/main/src/grader/in-process-host";
import { runProperty } from "/work/main/src/grader/run-property";
const shrink = process.argv[2] === "shrink";
if (!shrink) fc.configureGlobal({ endOnFailure: true });
const names = readdirSync("/work/main/test/fixtures/broken-sequences").filter((f) => !f.startsWith("_")).map((f) => f.slice(0, -3));
for (const name of names) {
  const host = createInProcessHost(await import(`/work/main/test/fixtures/broken-sequences/${name}.ts`));
  const row: string[] = [];
  for (const p of sequenceProperties) {
    const r = await runProperty(p, host, { seed: 20261129, numRuns: 100 });
    row.push(`${p.id.slice(9)}=${r.status === "failed" ? "KILL" : r.status}`);
    if (shrink && r.status === "failed") console.log("   ", p.id, (r.counterexample!.operation as any).steps.length, "steps:", r.message!.slice(0, 400));
  }
  console.log(name, row.join(" "));
}
