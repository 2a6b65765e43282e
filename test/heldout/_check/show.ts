// Prints, for every implementation of the manifest (or those named), each witness's outcome on
// the implementation next to the contract's: to read what a mistake does, not to grade.
// npx tsx test/heldout/_check/show.ts [id…]
import { HELDOUT } from "../manifest";
import type { Impl } from "../_kit/impl";

const wanted = new Set(process.argv.slice(2));
for (const impl of HELDOUT) {
  if (wanted.size > 0 && !wanted.has(impl.id)) continue;
  const module = (await import(`../${impl.id}/index.ts`)) as Impl;
  for (const mistake of impl.mistakes) {
    const outcome = await mistake.witness.run(module);
    console.log(`${impl.id} / ${mistake.id}\n  contract: ${JSON.stringify(mistake.witness.expected)}\n  it gives: ${JSON.stringify(outcome)}`);
  }
}
