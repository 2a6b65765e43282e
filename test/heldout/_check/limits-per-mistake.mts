// For an implementation with a compose.ts: which limit cases each planted mistake alone changes.
import type { Maker } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { limitDifferences } from "./limits";
const [folder] = process.argv.slice(2);
const { make } = (await import(`../${folder}/compose.ts`)) as { make: Maker };
for (const id of make.ids) {
  const found = await limitDifferences(make(new Set([id])), reference);
  console.log(`${folder} / ${id}: ${found.map((d) => d.label).join("; ") || "none"}`);
}
