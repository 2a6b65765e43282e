// Compares implementations with the reference on generated scenarios and prints every scenario
// whose outcome differs: to find behaviour that departs from the contract where no mistake was
// planted. npx tsx test/heldout/_check/differential.ts <folder> [--all-off] [--runs N] [--from S]
// (--all-off: the folder's make(∅), every planted mistake switched off).
import { reference, type Impl } from "../_kit/impl";
import type { Maker } from "../_kit/assemble";
import { runScenario } from "./scenario";

export async function differences(m: Impl, runs: number, from = 1): Promise<{ label: string; expected: string; actual: string }[]> {
  const out: { label: string; expected: string; actual: string }[] = [];
  for (let seed = from; seed < from + runs; seed++) {
    const expected = await runScenario(seed, reference);
    const actual = await runScenario(seed, m);
    const e = JSON.stringify(expected.outcome);
    const a = JSON.stringify(actual.outcome);
    if (e !== a) out.push({ label: expected.label, expected: e, actual: a });
  }
  return out;
}

async function main(): Promise<void> {
  const [folder, ...rest] = process.argv.slice(2);
  const runs = Number(rest[rest.indexOf("--runs") + 1] ?? 500) || 500;
  const from = rest.includes("--from") ? Number(rest[rest.indexOf("--from") + 1]) : 1;
  const m: Impl =
    folder === "reference"
      ? reference
      : rest.includes("--all-off")
        ? ((await import(`../${folder}/compose.ts`)) as { make: Maker }).make(new Set())
        : ((await import(`../${folder}/index.ts`)) as Impl);
  const found = await differences(m, runs, from);
  for (const d of found.slice(0, 15)) console.log(`${d.label}\n  reference: ${d.expected.slice(0, 600)}\n  it:        ${d.actual.slice(0, 600)}`);
  console.log(`${folder}: ${found.length} of ${runs} scenarios differ`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
