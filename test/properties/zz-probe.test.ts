import fc from "fast-check";
import { it } from "vitest";
import { allProperties } from "../../properties";
import { runProperty } from "../../src/grader/run-property";
import { coreHost, hostFor } from "./_run";
import { KILLS_FOR_PROBE } from "./zz-kills";

it("probe", async () => {
  fc.configureGlobal({ ...fc.readConfigureGlobal(), endOnFailure: true });
  const ref = coreHost();
  const rows: string[] = [];
  for (const [id, names] of Object.entries(KILLS_FOR_PROBE)) {
    const def = allProperties.find((p) => p.id === id)!;
    for (const name of names) {
      const host = hostFor((await import(`../fixtures/broken/${name}.ts`)) as never);
      const runs: number[] = [];
      for (let seed = 1; seed <= 40; seed++) {
        const r = await runProperty(def, host, { seed, numRuns: 500, reference: def.needsReference ? ref : null });
        runs.push(r.status === "failed" ? r.numRuns : 999);
      }
      runs.sort((a, b) => a - b);
      rows.push(`${id} / ${name}: median ${runs[20]} max ${runs[39]} misses ${runs.filter((r) => r === 999).length}`);
    }
  }
  console.log(rows.join("\n"));
}, 900000);
