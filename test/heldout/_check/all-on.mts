// Each implementation as submitted, against the reference: how many scenarios differ, and the
// first few, to read whether every difference comes from a listed mistake.
import { readdirSync, existsSync } from "node:fs";
import type { Impl } from "../_kit/impl";
import { differences } from "./differential";
const runs = Number(process.argv[2] ?? 300);
const only = process.argv.slice(3);
for (const dir of readdirSync(new URL("..", import.meta.url)).sort()) {
  if (!existsSync(new URL(`../${dir}/index.ts`, import.meta.url)) || (only.length > 0 && !only.includes(dir))) continue;
  const m = (await import(`../${dir}/index.ts`)) as Impl;
  const found = await differences(m, runs);
  console.log(`${dir}: ${found.length}`);
  for (const d of found.slice(0, Number(process.env.SHOW ?? 3))) console.log(`  ${d.label.slice(0, 400)}\n   ref ${d.expected.slice(0, 400)}\n   it  ${d.actual.slice(0, 400)}`);
}
