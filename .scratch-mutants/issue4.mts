import * as core from "../src/core";
import { createInProcessHost } from "../src/grader/in-process-host";
import { hostileProperties } from "../properties/hostile";
import { asyncProperties } from "../properties/async";
import { sequenceProperties } from "../properties/sequences";
import { mutants } from "../test/mutants/catalogue";
import { loadUnpatchedCore } from "../test/mutants/loader";
import { hostsFor, runOne } from "../test/mutants/matrix";
const props = [...hostileProperties, ...asyncProperties, ...sequenceProperties];
const reference = createInProcessHost(core as any);
const control = { subject: createInProcessHost(await loadUnpatchedCore()), reference };
for (const p of props) {
  const v = await runOne(p, control, { seed: 20261129, numRuns: 5, shrink: false });
  if (v.status !== "passed") console.log("CONTROL", p.id, v.status, v.message?.slice(0, 300));
}
console.log("control done", props.length);
const ids = process.argv.slice(2);
for (const m of mutants.filter((m) => ids.includes(m.id))) {
  const hosts = await hostsFor(m, reference);
  const killers: string[] = [];
  for (const p of props) { const v = await runOne(p, hosts, { seed: 20261129, numRuns: 100, shrink: false }); if (v.status === "failed") killers.push(p.id); }
  console.log(m.id, killers.join(", ") || "NONE");
}
