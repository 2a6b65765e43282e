import { chmod, cp, mkdir, readdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GraderError } from "../errors";
import { toolVersion } from "../grade";

// `gradescope <dir>`: a ready Gradescope autograder. Gradescope unzips it into /autograder/source,
// runs setup.sh once to build the image, then run_autograder per submission with the student's
// files in /autograder/submission; it reads /autograder/results/results.json. This project is
// copied in (sources, lockfile): the image installs exactly these dependencies, so every student
// is graded by this very version whatever is published later.

export interface GradescopeSettings {
  readonly seed: number;
  readonly numRuns: number;
  readonly jobs: number;
  readonly only?: string;
  readonly timeoutMs?: number;
  readonly totalTimeoutS?: number;
  readonly memoryMb?: number;
}

/** The project's own files the grader needs at run time (no tests, docs or dev tooling). */
const PROJECT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "README.md", "bin", "src", "properties", "generators", "corpus"];
const PROJECT_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const PROJECT_DIR_NAME = "compaction-check";

export async function writeGradescopePackage(dir: string, settings: GradescopeSettings): Promise<{ readonly dir: string; readonly files: readonly string[] }> {
  const out = resolve(dir);
  if (existsSync(out) && (await readdir(out)).length > 0) throw new GraderError("USAGE", `${out} is not empty. Give a new or empty folder for the autograder.`);
  await mkdir(join(out, PROJECT_DIR_NAME), { recursive: true });
  for (const name of PROJECT_FILES) {
    const from = join(PROJECT_ROOT, name);
    if (existsSync(from)) await cp(from, join(out, PROJECT_DIR_NAME, name), { recursive: true });
  }
  await writeFile(join(out, "setup.sh"), setupScript(), { mode: 0o755 });
  await writeFile(join(out, "run_autograder"), runAutograderScript(settings), { mode: 0o755 });
  await chmod(join(out, "run_autograder"), 0o755);
  await writeFile(join(out, "README.md"), readme(settings));
  return { dir: out, files: ["setup.sh", "run_autograder", "README.md", `${PROJECT_DIR_NAME}/`] };
}

function setupScript(): string {
  return `#!/usr/bin/env bash
# Gradescope image set-up (runs once): Node 20 and this autograder's pinned dependencies.
# Written by compaction-check ${toolVersion()} (compaction-check gradescope).
set -euo pipefail
if ! command -v node >/dev/null || [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 20 ]; then
  apt-get update
  apt-get install -y ca-certificates curl gnupg
  curl -fsSL https://deb.nodesource.com/setup_20.x | bash -
  apt-get install -y nodejs
fi
cd "$(dirname "$0")/${PROJECT_DIR_NAME}"
npm ci --omit=dev --no-audit --no-fund
`;
}

/** Settings are baked in; AUTOGRADER_ROOT (default /autograder) only moves the layout, for tests. */
function runAutograderScript(settings: GradescopeSettings): string {
  const args = [
    `--seed ${settings.seed}`,
    `--runs ${settings.numRuns}`,
    `--jobs ${settings.jobs}`,
    ...(settings.only === undefined ? [] : [`--only ${shellQuote(settings.only)}`]),
    ...(settings.timeoutMs === undefined ? [] : [`--timeout ${settings.timeoutMs}`]),
    ...(settings.totalTimeoutS === undefined ? [] : [`--total-timeout ${settings.totalTimeoutS}`]),
    ...(settings.memoryMb === undefined ? [] : [`--memory ${settings.memoryMb}`]),
  ].join(" ");
  return `#!/usr/bin/env bash
# Gradescope entry point: grades /autograder/submission, writes /autograder/results/results.json.
# Written by compaction-check ${toolVersion()} (compaction-check gradescope).
set -uo pipefail
ROOT="\${AUTOGRADER_ROOT:-/autograder}"
HERE="$(cd "$(dirname "$0")" && pwd)"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
cd "$HERE/${PROJECT_DIR_NAME}"
node bin/compaction-check.mjs grade "$ROOT/submission" ${args} \\
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
it as a Gradescope programming assignment's autograder. Students submit their module
(index.ts or src/index.ts, or one .ts/.mjs file).

Each submission is graded with seed ${settings.seed} and ${settings.numRuns} runs per property${settings.only === undefined ? "" : ` (only ${settings.only})`}, in the same
sandbox as \`compaction-check grade\`. Every test shows its counterexample and replay line.
`;
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}
