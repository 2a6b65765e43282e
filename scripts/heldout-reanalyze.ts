// A quick loop for whoever improves the root-cause analysis, on DEV only: the failures a held-out
// measure kept for a DEV implementation (<dir>/detail/<id>.json: counterexamples, observations,
// expected answers) are grouped again by the analysis as it is now, against the implementation
// in a fresh sandbox, without running the properties again; the root causes are printed and
// compared with the ground truth like the measure does (scripts/heldout/rates.ts).
//
//   npx tsx scripts/heldout-reanalyze.ts [--dir reports/heldout] [--verbose] [--properties a,b] [id …]
//   (DEV ids; default every DEV one measured; --properties: only those failures, to see how each is signed)
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { coreReference } from "../src/grader/grade";
import type { PropertyResult } from "../src/grader/result";
import { renderScenario, outcomeText, expectedText } from "../src/grader/report/notation";
import { HELDOUT } from "../test/heldout/manifest";
import { isBlind } from "../test/heldout/split";
import { analyseAgain } from "./heldout/analyse-again";
import { gradedCause, judgeImplementation, rateLines, ratesOf, type ImplementationVerdict } from "./heldout/rates";

const args = process.argv.slice(2);
const at = args.indexOf("--dir");
const dir = resolve(at === -1 ? "reports/heldout" : args[at + 1]!);
const onlyAt = args.indexOf("--properties");
const onlyProperties = onlyAt === -1 ? null : args[onlyAt + 1]!.split(",");
const verbose = args.includes("--verbose");
const ids = args.filter((a, i) => !a.startsWith("--") && (i === 0 || (args[i - 1] !== "--dir" && args[i - 1] !== "--properties")));
const blind = ids.filter(isBlind);
if (blind.length > 0) throw new Error("DEV implementations only");

const chosen = HELDOUT.filter((impl) => !isBlind(impl.id) && (ids.length === 0 || ids.includes(impl.id)) && existsSync(join(dir, "detail", `${impl.id}.json`)));
const reference = await coreReference();
const verdicts: ImplementationVerdict[] = [];
for (const impl of chosen) {
  const detail = JSON.parse(readFileSync(join(dir, "detail", `${impl.id}.json`), "utf8")) as { properties: PropertyResult[] };
  const failures = detail.properties.filter((p) => p.status === "failed" && (onlyProperties === null || onlyProperties.includes(p.id)));
  const started = Date.now();
  const causes = await analyseAgain(join("test/heldout", impl.id), detail.properties, reference, onlyProperties ?? undefined);
  const aloneFile = (m: string) => join(dir, "grades", `${impl.id}--${m}.json`);
  const alone = new Map(
    impl.mistakes.length === 1
      ? [[impl.mistakes[0]!.id, new Set(failures.map((f) => f.id))]]
      : impl.mistakes.filter((m) => existsSync(aloneFile(m.id))).map((m) => [m.id, new Set((JSON.parse(readFileSync(aloneFile(m.id), "utf8")) as { failed: string[] }).failed)] as const),
  );
  const aloneCauses = new Map(
    impl.mistakes.length === 1
      ? [[impl.mistakes[0]!.id, new Set(causes.map((c) => c.title))]]
      : impl.mistakes.filter((m) => existsSync(aloneFile(m.id))).map((m) => [m.id, new Set((JSON.parse(readFileSync(aloneFile(m.id), "utf8")) as { rootCauses: { title: string }[] }).rootCauses.map((c) => c.title))] as const),
  );
  const verdict = judgeImplementation({ id: impl.id, mistakes: impl.mistakes.map((m) => ({ id: m.id, criterion: m.criterion })), rootCauses: causes.map(gradedCause), alone, aloneCauses });
  verdicts.push(verdict);
  const right = verdict.countRight && verdict.pure && verdict.missed.length === 0;
  console.log(`${right ? "✓" : "✗"} ${impl.id}: ${impl.mistakes.length} mistakes (${impl.mistakes.map((m) => m.id).join(", ")}), ${causes.length} root causes, ${((Date.now() - started) / 1000).toFixed(1)} s${verdict.missed.length > 0 ? `; missed ${verdict.missed.join(", ")}` : ""}`);
  for (const [i, c] of causes.entries()) {
    const v = verdict.causes[i]!;
    console.log(`   ${c.id} [${c.properties.length}] ${v.pure ? (v.owners.length === 0 ? "·" : `=${v.owners.join("=")}`) : `?${v.touches.join("+")}`}: ${c.title}`);
    if (verbose) {
      for (const d of c.differences ?? []) console.log(`      your ${d.question} = ${d.subject}; the contract's = ${d.contract}`);
      if (c.counterexample !== undefined) for (const line of renderScenario(c.counterexample)) console.log(`      | ${line}`);
      if (c.observation !== undefined) console.log(`      observed: ${outcomeText(c.observation.outcome)}`);
      if (c.expected !== undefined) console.log(`      expected: ${expectedText(c.expected)}`);
      console.log(`      properties: ${c.properties.join(", ")}`);
    }
  }
}
await reference.close();
console.log("");
for (const [what, value] of rateLines(ratesOf(verdicts))) console.log(`${what}: ${value}`);
