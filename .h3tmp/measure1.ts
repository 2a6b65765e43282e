import fc from "fast-check";
import { performance } from "node:perf_hooks";
import * as core from "../src/core";
import { createInProcessHost } from "../src/grader/in-process-host";
import { runOne, suiteProperties } from "../test/mutants/matrix";
import { loadUnpatchedCore } from "../test/mutants/loader";
fc.configureGlobal({ seed: 20261129, numRuns: 100 });
const reference = createInProcessHost(core as any);
const subject = createInProcessHost(await loadUnpatchedCore());
const t0 = performance.now();
const times: [string, number, string][] = [];
for (const p of suiteProperties()) {
  const s = performance.now();
  const v = await runOne(p, { subject, reference }, { seed: 20261129, numRuns: 100, shrink: false });
  times.push([p.id, performance.now() - s, v.status]);
}
console.log("total s", (performance.now() - t0) / 1000, "props", times.length);
times.sort((a, b) => b[1] - a[1]);
for (const t of times.slice(0, 25)) console.log(t[0], (t[1] / 1000).toFixed(2), t[2]);
console.log("failed:", times.filter(t => t[2] !== "passed").map(t => t[0]).join(", "));
