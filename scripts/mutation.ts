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
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { bundleModule } from "../src/grader/bundle";

const referenceFile = resolve("reports/mutation/reference-core.mjs");
mkdirSync(resolve("reports/mutation"), { recursive: true });
const bundled = await bundleModule(resolve("src/core/index.ts"), referenceFile);
if (!bundled.ok) {
  console.error(`Could not bundle the reference core: ${bundled.message}`);
  process.exit(2);
}
console.log(`reference core (unmutated): ${referenceFile}`);
const stryker = resolve("node_modules/.bin/stryker");
const result = spawnSync(stryker, ["run", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CC_REFERENCE_CORE: referenceFile },
});
process.exit(result.status ?? 1);
