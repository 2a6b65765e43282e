import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { BUILT_CHILD_ENTRY, PACKAGE_ROOT } from "../../package/layout";
import { toolVersion } from "../../package/version";
import { GraderError } from "../errors";
import type { Rubric, ScoringMode } from "../rubric/rubric";

// `gradescope <dir>`: a ready Gradescope autograder, built from this package's own tarball.
// Gradescope unzips the autograder into /autograder/source and runs setup.sh once to build the
// image; for each submission it copies run_autograder to /autograder and runs it from there,
// with the student's files in /autograder/submission, and reads
// /autograder/results/results.json. The folder holds the packed package (`npm pack`: the build,
// no sources, no tsx, no development dependencies) and a lockfile pinning every dependency, so
// every student is graded by this very version whatever is published later.

export interface GradescopeSettings {
  readonly seed: number;
  readonly numRuns: number;
  readonly jobs: number;
  readonly only?: string;
  readonly timeoutMs?: number;
  readonly totalTimeoutS?: number;
  readonly memoryMb?: number;
  readonly scoring?: ScoringMode;
  /** A teacher's rubric, written into the autograder as rubric.json. */
  readonly rubric?: Rubric;
}

const run = promisify(execFile);

/** A teacher's rubric inside the autograder folder (/autograder/source on Gradescope). */
const RUBRIC_FILE = "rubric.json";

/** The oldest Node the package runs on (package.json "engines"); setup.sh installs Node 22 LTS below it. */
const MIN_NODE = [20, 19] as const;

export async function writeGradescopePackage(dir: string, settings: GradescopeSettings): Promise<{ readonly dir: string; readonly files: readonly string[] }> {
  const out = resolve(dir);
  if (existsSync(out) && (await readdir(out)).length > 0) throw new GraderError("USAGE", `${out} is not empty. Give a new or empty folder for the autograder.`);
  await mkdir(out, { recursive: true });
  const tarball = await packThisPackage(out);
  await writeFile(join(out, "package.json"), `${JSON.stringify({ name: "compaction-check-autograder", private: true, dependencies: { "compaction-check": `file:./${tarball}` } }, null, 2)}\n`);
  await npm(["install", "--package-lock-only", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], out, "pin the autograder's dependencies (package-lock.json)");
  if (settings.rubric !== undefined) await writeFile(join(out, RUBRIC_FILE), `${JSON.stringify({ criteria: settings.rubric.points }, null, 2)}\n`);
  await writeFile(join(out, "setup.sh"), setupScript(), { mode: 0o755 });
  await writeFile(join(out, "run_autograder"), runAutograderScript(settings), { mode: 0o755 });
  await chmod(join(out, "run_autograder"), 0o755);
  await writeFile(join(out, "README.md"), readme(settings));
  return { dir: out, files: ["setup.sh", "run_autograder", "README.md", "package.json", "package-lock.json", ...(settings.rubric === undefined ? [] : [RUBRIC_FILE]), tarball] };
}

/**
 * `npm pack` of this package into `out`: from a clone, prepack builds it first; an installed
 * package is already built (and cannot build: no sources, no tsx), so its files are packed as
 * they are.
 */
async function packThisPackage(out: string): Promise<string> {
  const built = BUILT_CHILD_ENTRY !== null;
  const stdout = await npm(["pack", PACKAGE_ROOT, "--pack-destination", out, "--json", ...(built ? ["--ignore-scripts"] : [])], out, "pack compaction-check");
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string }[];
  if (packed === undefined) throw new GraderError("GRADESCOPE_BUILD_FAILED", `npm pack printed no file name: ${stdout.slice(0, 300)}`);
  return packed.filename;
}

async function npm(args: string[], cwd: string, what: string): Promise<string> {
  try {
    return (await run("npm", args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new GraderError("GRADESCOPE_BUILD_FAILED", `Could not ${what} (npm ${args[0]}): ${stderr.trim().split("\n").slice(-5).join(" ")}. The autograder is built with npm and the npm registry.`);
  }
}

function setupScript(): string {
  return `#!/usr/bin/env bash
# Gradescope image set-up (runs once): Node >= ${MIN_NODE.join(".")} and the autograder's pinned dependencies.
# Written by compaction-check ${toolVersion()} (compaction-check gradescope).
# AUTOGRADER_ROOT (default /autograder) only moves the layout, for tests.
set -euo pipefail
ROOT="\${AUTOGRADER_ROOT:-/autograder}"
node_ok() {
  command -v node >/dev/null && node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > ${MIN_NODE[0]} || (a === ${MIN_NODE[0]} && b >= ${MIN_NODE[1]}) ? 0 : 1)'
}
if ! node_ok; then
  apt-get update
  apt-get install -y ca-certificates curl gnupg
  curl -fsSL https://deb.nodesource.com/setup_22.x | bash -
  apt-get install -y nodejs
fi
cd "$ROOT/source"
npm ci --no-audit --no-fund
`;
}

/** Settings are baked in; AUTOGRADER_ROOT (default /autograder) only moves the layout, for tests. */
export function runAutograderScript(settings: GradescopeSettings): string {
  const args = [
    `--seed ${settings.seed}`,
    `--runs ${settings.numRuns}`,
    `--jobs ${settings.jobs}`,
    ...(settings.only === undefined ? [] : [`--only ${shellQuote(settings.only)}`]),
    ...(settings.timeoutMs === undefined ? [] : [`--timeout ${settings.timeoutMs}`]),
    ...(settings.totalTimeoutS === undefined ? [] : [`--total-timeout ${settings.totalTimeoutS}`]),
    ...(settings.memoryMb === undefined ? [] : [`--memory ${settings.memoryMb}`]),
    ...(settings.scoring === undefined || settings.scoring === "rubric" ? [] : [`--scoring ${settings.scoring}`]),
    ...(settings.rubric === undefined ? [] : [`--rubric "$ROOT/source/${RUBRIC_FILE}"`]),
  ].join(" ");
  return `#!/usr/bin/env bash
# Gradescope entry point: grades $ROOT/submission, writes $ROOT/results/results.json.
# Gradescope runs a copy of this file from /autograder; the autograder's files are in /autograder/source.
# Written by compaction-check ${toolVersion()} (compaction-check gradescope).
set -uo pipefail
ROOT="\${AUTOGRADER_ROOT:-/autograder}"
PACKAGE="$ROOT/source/node_modules/compaction-check"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
cd "$RESULTS"
node "$PACKAGE/bin/compaction-check.mjs" grade "$ROOT/submission" ${args} --corpus "$PACKAGE/corpus" \\
  --gradescope "$RESULTS/results.json" --json "$RESULTS/grade.json" --reports "$RESULTS/reports" >"$RESULTS/grade.log" 2>&1
status=$?
# Exit 0 and 1 are grades (full marks or not); anything else, or no results, is the grader's own failure.
if [ ! -s "$RESULTS/results.json" ]; then
  node -e 'const fs = require("node:fs"); const log = fs.readFileSync(process.argv[1], "utf8").slice(-3000);
    fs.writeFileSync(process.argv[2], JSON.stringify({ score: 0, output: "The autograder could not grade this submission (exit " + process.argv[3] + "). Please tell your instructor.\\n\\n" + log, tests: [] }, null, 2));' \\
    "$RESULTS/grade.log" "$RESULTS/results.json" "$status"
fi
exit 0
`;
}

function readme(settings: GradescopeSettings): string {
  return `# Gradescope autograder (compaction-check ${toolVersion()})

Zip the *contents* of this folder (setup.sh and run_autograder at the top of the zip) and upload
it as a Gradescope programming assignment's autograder (base image: any Ubuntu; setup.sh installs
Node 22 when the image has no Node >= ${MIN_NODE.join(".")}). Students submit their module (index.ts or
src/index.ts, or one .ts/.mjs file).

Each submission is graded with seed ${settings.seed} and ${settings.numRuns} runs per property${settings.only === undefined ? "" : ` (only ${settings.only})`}, scored ${settings.scoring === "properties" ? "property by property" : `by ${settings.rubric === undefined ? "the default rubric" : `the rubric in ${RUBRIC_FILE}`} (points per acceptance criterion)`}, in the same
sandbox as \`compaction-check grade\`, by the packed compaction-check in this folder (its
dependencies pinned by package-lock.json). Every failed test shows its counterexample and how to
replay it in the student's own repository (\`npx compaction-check replay <file>.json .\`).
`;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}
