import fc from "fast-check";
import { performance } from "node:perf_hooks";
import * as core from "../src/core";
import { createInProcessHost } from "../src/grader/in-process-host";
import { suiteProperties } from "../test/mutants/matrix";
import { loadUnpatchedCore } from "../test/mutants/loader";
import { runPropertyOnMany } from "../test/variants/shared-run";
fc.configureGlobal({ seed: 20261129, numRuns: 100 });
const reference = createInProcessHost(core as any);
const mod = await loadUnpatchedCore();
const k = Number(process.env.K ?? 4);
const subjects = Array.from({ length: k }, (_, i) => ({ id: `s${i}`, host: createInProcessHost(mod) }));
const t0 = performance.now();
const per: [string, number][] = [];
for (const p of suiteProperties()) {
  const s = performance.now();
  await runPropertyOnMany(p, subjects, { seed: 20261129, numRuns: 100, reference });
  per.push([p.id, performance.now() - s]);
}
console.log(k, "subjects: s", ((performance.now() - t0) / 1000).toFixed(1));
per.sort((a, b) => b[1] - a[1]);
let cum = 0; const tot = per.reduce((a, b) => a + b[1], 0);
for (const [id, t] of per.slice(0, 30)) { cum += t; console.log(id, (t / 1000).toFixed(2), (100 * cum / tot).toFixed(0) + "%"); }
