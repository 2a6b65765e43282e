import * as core from "../src/core";
import { createInProcessHost } from "../src/grader/in-process-host";
import { mutants } from "../test/mutants/catalogue";
import { firstKill, hostsFor, suiteProperties } from "../test/mutants/matrix";
const ids = process.argv.slice(2);
const reference = createInProcessHost(core as any);
for (const m of mutants.filter((m) => ids.includes(m.id))) {
  const t = Date.now();
  const r = await firstKill(m, await hostsFor(m, reference), suiteProperties(), { seed: 20261129, numRuns: 100, shrink: false });
  console.log(m.id, r.kill?.propertyId ?? "SURVIVES", r.tried, (Date.now() - t) / 1000, r.kill?.message?.slice(0, 200));
}
