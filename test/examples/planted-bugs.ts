import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Mutant } from "../mutants/catalogue";
import { CORE_DIR, PatchError, readCoreFile } from "../mutants/patch";

// The example submission (examples/submission, graded by `npm start`) is src/core with exactly
// two planted bugs, laid out like the course. Generating it from the core keeps it honest: the
// core scores full marks, so every property the example fails is failed because of a planted
// bug, and the example never drifts behind a revised contract. `npm run example` rewrites it;
// test/examples/example-submission.test.ts checks that the committed copy is this output.

export interface PlantedBug {
  readonly id: string;
  readonly file: string;
  readonly find: string;
  readonly replace: string;
}

export const PLANTED_BUGS: readonly PlantedBug[] = [
  {
    id: "units-utf16-short-strings",
    file: "units.ts",
    find: "  const length = s.length;\n",
    replace: "  const length = s.length;\n  // Ids and short texts are plain ASCII in practice, so they are just their length.\n  if (length <= 24) return length;\n",
  },
  {
    id: "round-ends-at-user-message",
    file: "groups.ts",
    find: "  for (let i = start; i < end; i++) end = max(end, reach[offset + i] - offset + 1);\n",
    replace:
      "  for (let i = start; i < end; i++) {\n" +
      "    // A user message starts a new turn, so the round before it is over.\n" +
      "    if (i > start && info.messages[i].role === \"user\") return i;\n" +
      "    end = max(end, reach[offset + i] - offset + 1);\n" +
      "  }\n",
  },
];

export const EXAMPLE_INTERNAL_DIR = fileURLToPath(new URL("../../examples/submission/src/internal/", import.meta.url));

/** The core's modules that the example carries (its public face is the course's index, context, messages, protocol). */
export function coreModules(): string[] {
  return readdirSync(CORE_DIR)
    .filter((file) => file.endsWith(".ts") && file !== "index.ts")
    .sort();
}

/** File name → text of examples/submission/src/internal: the core with the given bugs planted. */
export function exampleSources(bugs: readonly PlantedBug[] = PLANTED_BUGS): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of coreModules()) sources.set(file, readCoreFile(file));
  for (const bug of bugs) {
    const text = sources.get(bug.file);
    const count = text === undefined ? 0 : text.split(bug.find).length - 1;
    if (count !== 1) throw new PatchError(`planted bug ${bug.id}: the find string occurs ${count} times in src/core/${bug.file} (expected exactly once)`);
    sources.set(bug.file, text!.replace(bug.find, () => bug.replace));
  }
  return sources;
}

/** The committed files of examples/submission/src/internal. */
export function committedExampleSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const file of readdirSync(EXAMPLE_INTERNAL_DIR).sort()) sources.set(file, readFileSync(EXAMPLE_INTERNAL_DIR + file, "utf8"));
  return sources;
}

/** A planted bug as a catalogue mutant, so the mutant loader can build the core with that bug alone. */
export function asMutant(bug: PlantedBug): Mutant {
  return { id: `example-${bug.id}`, description: `the example submission's planted bug ${bug.id}`, area: bug.file === "units.ts" ? "units" : "tool-pairing", file: bug.file, find: bug.find, replace: bug.replace };
}

const README_START = "<!-- failing-properties:start -->";
const README_END = "<!-- failing-properties:end -->";
export const EXAMPLE_README = fileURLToPath(new URL("../../examples/README.md", import.meta.url));

/** The property ids that examples/README.md lists as failing (one `- \`id\`` bullet each between the markers). */
export function documentedFailures(readme: string = readFileSync(EXAMPLE_README, "utf8")): string[] {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end < start) throw new Error(`examples/README.md has no ${README_START} … ${README_END} section; run \`npm run example\``);
  return [...readme.slice(start, end).matchAll(/^- `([a-z0-9.-]+)`/gm)].map((m) => m[1]!);
}

/** examples/README.md with the failing-properties section replaced by `section`. */
export function withFailuresSection(readme: string, section: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  const block = `${README_START}\n${section}\n${README_END}`;
  return start === -1 || end < start ? `${readme.trimEnd()}\n\n${block}\n` : readme.slice(0, start) + block + readme.slice(end + README_END.length);
}
