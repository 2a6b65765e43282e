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
for (const k of [0, 1, 4]) {
  const subjects = Array.from({ length: k }, (_, i) => ({ id: `s${i}`, host: createInProcessHost(mod) }));
  const t0 = performance.now();
  let bad = 0;
  for (const p of suiteProperties()) {
    const v = await runPropertyOnMany(p, subjects, { seed: 20261129, numRuns: 100, reference });
    bad += v.filter((x) => x.status !== "passed").length;
  }
  console.log(k, "subjects: s", ((performance.now() - t0) / 1000).toFixed(1), "bad", bad);
}
