// Compares implementations with the reference on generated scenarios and prints every scenario
// whose outcome differs: to find behaviour that departs from the contract where no mistake was
// planted. npx tsx test/heldout/_check/differential.ts <folder> [--all-off] [--runs N] [--from S]
// (--all-off: the folder's make(∅), every planted mistake switched off).
import { reference, type Impl } from "../_kit/impl";
import type { Maker } from "../_kit/assemble";
import type { Outcome } from "../_witness/observe";
import { limitDifferences } from "./limits";
import { runScenario } from "./scenario";

/**
 * A §8 row in which an implementation makes another allowed choice than src/core: scenarios whose
 * label matches `skip` are not compared, and `normalize` maps both outcomes before comparing.
 */
export type Latitude = { readonly row: string; readonly skip?: RegExp; readonly normalize?: (outcome: Outcome) => Outcome };

export async function differences(m: Impl, runs: number, from = 1, latitude: readonly Latitude[] = []): Promise<{ label: string; expected: string; actual: string }[]> {
  const out: { label: string; expected: string; actual: string }[] = [];
  const normalize = (o: Outcome) => latitude.reduce((x, l) => (l.normalize ? l.normalize(x) : x), o);
  for (let seed = from; seed < from + runs; seed++) {
    const expected = await runScenario(seed, reference);
    if (latitude.some((l) => l.skip?.test(expected.label))) continue;
    const actual = await runScenario(seed, m);
    const e = JSON.stringify(normalize(expected.outcome));
    const a = JSON.stringify(normalize(actual.outcome));
    if (e !== a) out.push({ label: expected.label, expected: e, actual: a });
  }
  return out;
}

async function main(): Promise<void> {
  const [folder, ...rest] = process.argv.slice(2);
  const runs = Number(rest[rest.indexOf("--runs") + 1] ?? 500) || 500;
  const from = rest.includes("--from") ? Number(rest[rest.indexOf("--from") + 1]) : 1;
  const composer = folder === "reference" ? null : ((await import(`../${folder}/compose.ts`).catch(() => null)) as { make: Maker; LATITUDE?: Latitude[] } | null);
  const m: Impl =
    folder === "reference" ? reference : rest.includes("--all-off") ? composer!.make(new Set()) : ((await import(`../${folder}/index.ts`)) as Impl);
  const found = rest.includes("--limits") ? await limitDifferences(m, reference) : await differences(m, runs, from, composer?.LATITUDE ?? []);
  for (const d of found.slice(0, 15)) console.log(`${d.label}\n  reference: ${d.expected.slice(0, 600)}\n  it:        ${d.actual.slice(0, 600)}`);
  console.log(`${folder}: ${found.length} of ${rest.includes("--limits") ? "the limit cases" : `${runs} scenarios`} differ`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
