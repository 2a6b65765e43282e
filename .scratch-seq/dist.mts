import fc from "/work/main/node_modules/fast-check/lib/fast-check.js";
import { programScenario } from "/work/main/generators/programScenario";
const t0 = Date.now();
for (const seed of [1, 7, 20261129]) {
const samples = fc.sample(programScenario(), { seed, numRuns: 500 });
const counts = new Map<string, number>();
for (const s of samples) for (const l of s.labels ?? []) counts.set(l, (counts.get(l) ?? 0) + 1);
console.log(seed, [...counts].sort().map(([k, v]) => `${k}=${(v / 5).toFixed(0)}%`).join("  "));
const lens = samples.map((s) => (s.operation as any).steps.length);
console.log("mean len", lens.reduce((a, b) => a + b, 0) / lens.length, "max", Math.max(...lens));
}
console.log("ms", Date.now() - t0);
