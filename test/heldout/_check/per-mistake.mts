// For an implementation with a compose.ts: each planted mistake alone against src/core, how many
// scenarios differ, and the first few labels (to read that each difference is that mistake's).
import type { Maker } from "../_kit/assemble";
import { differences, type Latitude } from "./differential";
const [folder, runsArg] = process.argv.slice(2);
const { make, LATITUDE } = (await import(`../${folder}/compose.ts`)) as { make: Maker; LATITUDE?: Latitude[] };
for (const id of make.ids) {
  const found = await differences(make(new Set([id])), Number(runsArg ?? 1500), 1, LATITUDE ?? []);
  console.log(`${folder} / ${id}: ${found.length}`);
  for (const d of found.slice(0, Number(process.env.SHOW ?? 4))) console.log(`   ${d.label.slice(0, 230)}`);
}
