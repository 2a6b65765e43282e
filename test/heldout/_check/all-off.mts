// Every composable implementation with all its mistakes switched off must answer as the reference.
import { readdirSync, existsSync } from "node:fs";
import type { Maker } from "../_kit/assemble";
import { differences } from "./differential";
const runs = Number(process.argv[2] ?? 300);
for (const dir of readdirSync(new URL("..", import.meta.url)).sort()) {
  if (!existsSync(new URL(`../${dir}/compose.ts`, import.meta.url))) continue;
  const { make } = (await import(`../${dir}/compose.ts`)) as { make: Maker };
  const found = await differences(make(new Set()), runs);
  console.log(`${dir}: ${found.length}`);
  for (const d of found.slice(0, 2)) console.log(`  ${d.label}\n   ref ${d.expected.slice(0, 300)}\n   it  ${d.actual.slice(0, 300)}`);
}
