// `npm run mutation [-- stryker options]`: StrykerJS over src/core, driven by the property
// suites only (stryker.config.json, vitest.mutation.config.ts).
//
// Under Stryker every file of src/core is instrumented, so a differential property whose
// reference is src/core would compare the mutant with itself. This script first bundles the
// unmutated core into reports/mutation/reference-core.mjs and names it in CC_REFERENCE_CORE,
// which the property tests use as their reference (test/properties/_run.ts referenceHost).
//
//   npm run mutation                                  # incremental run over src/core
//   npm run mutation -- --force                       # ignore earlier results
//   npm run mutation -- --mutate src/core/units.ts    # one file
//   npm run mutation -- --retest-survivors            # incremental, but every earlier survivor runs again
//
// --retest-survivors: StrykerJS's incremental mode sees only test files and test names, so a
// property made stronger under its old id would never meet the mutants it let through. This
// drops the survived, uncovered and timed-out mutants from the incremental file first; killed results are
// kept (a stronger suite still kills them; a changed mutant is re-run by Stryker itself).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { bundleModule } from "../src/grader/sandbox/bundle";

const referenceFile = resolve("reports/mutation/reference-core.mjs");
mkdirSync(resolve("reports/mutation"), { recursive: true });
const bundled = await bundleModule(resolve("src/core/index.ts"), referenceFile);
if (!bundled.ok) {
  console.error(`Could not bundle the reference core: ${bundled.message}`);
  process.exit(2);
}
console.log(`reference core (unmutated): ${referenceFile}`);

const INCREMENTAL_FILE = resolve("reports/mutation/stryker-incremental.json");
type Report = { files: Record<string, { mutants: { status: string }[] }> };

/** Also timeouts: Stryker counts them as detected, but a busy machine can cause them. */
const RETESTED = ["Survived", "NoCoverage", "Timeout"];

/** Forgets the survivors of the last run, so that the next incremental run tests them again. */
function forgetSurvivors(): void {
  if (!existsSync(INCREMENTAL_FILE)) return;
  const report = JSON.parse(readFileSync(INCREMENTAL_FILE, "utf8")) as Report;
  let dropped = 0;
  for (const file of Object.values(report.files)) {
    const kept = file.mutants.filter((m) => !RETESTED.includes(m.status));
    dropped += file.mutants.length - kept.length;
    file.mutants = kept;
  }
  writeFileSync(INCREMENTAL_FILE, JSON.stringify(report));
  console.log(`--retest-survivors: ${dropped} survived, uncovered or timed-out mutants will run again`);
}

const args = process.argv.slice(2);
if (args.includes("--retest-survivors")) forgetSurvivors();
const stryker = resolve("node_modules/.bin/stryker");
const result = spawnSync(stryker, ["run", ...args.filter((a) => a !== "--retest-survivors")], {
  stdio: "inherit",
  env: { ...process.env, CC_REFERENCE_CORE: referenceFile },
});
process.exit(result.status ?? 1);
