import fc from "/work/main/node_modules/fast-check/lib/fast-check.js";
import * as core from "/work/main/src/core";
import { createDriver } from "/work/main/src/driver";
import { programScenario } from "/work/main/generators/programScenario";
const samples = fc.sample(programScenario(), { seed: 5, numRuns: 200 });
const d = createDriver(core as any);
const c = process.cpuUsage().user;
for (const s of samples) await d.observe(s);
console.log("observe cpu ms/case", (process.cpuUsage().user - c) / 1000 / 200);
