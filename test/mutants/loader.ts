import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type { Mutant } from "./catalogue";
import { CORE_DIR, patchedSources, patchSetOf, type PatchSet } from "./patch";

// Turns a mutant (or any patch set: the valid variants of test/variants) into a subject:
// src/core is bundled by esbuild with the patched files served from memory (the rest read
// from disk as usual), the bundle is written once to a temp dir and imported. Each subject is
// its own module instance, with its own intrinsics and registry, exactly as a separately
// loaded submission would be.

const OUT_DIR = join(tmpdir(), "compaction-check-mutants");
const loaded = new Map<string, Promise<Record<string, unknown>>>();

function servePatched(sources: Map<string, string>): Plugin {
  return {
    name: "mutant-sources",
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith(CORE_DIR)) return undefined;
        const contents = sources.get(args.path.slice(CORE_DIR.length));
        return contents === undefined ? undefined : { contents, loader: "ts" };
      });
    },
  };
}

/**
 * The exports the driver calls (src/driver/operations): all a subject needs to be graded. The
 * Message IR helpers are optional for grading (contract §1) and no property calls them.
 */
export const GRADED_EXPORTS = [
  "buildActiveContext",
  "groupToolRounds",
  "estimateContextUnits",
  "selectCompactionBoundary",
  "compactContext",
  "ContextCompactionError",
] as const;

/**
 * The bundled source of src/core with `subject` applied (null: the core itself). With a list
 * of exports (e.g. GRADED_EXPORTS) the bundle has only those, and esbuild leaves out every
 * function they never reach: two patch sets whose bundles of the same exports are the same
 * text behave the same through those exports.
 */
export async function bundleMutant(subject: Mutant | PatchSet | null, exports: readonly string[] | null = null): Promise<string> {
  const sources = subject === null ? new Map<string, string>() : patchedSources(subject);
  const result = await build({
    ...(exports === null
      ? { entryPoints: [join(CORE_DIR, "index.ts")] }
      : { stdin: { contents: `export { ${exports.join(", ")} } from "./index";`, resolveDir: CORE_DIR, loader: "ts" as const } }),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [servePatched(sources)],
  });
  return result.outputFiles[0]!.text;
}

export async function importBundle(name: string, code: string): Promise<Record<string, unknown>> {
  mkdirSync(OUT_DIR, { recursive: true });
  // Named by content, so a stale file from an earlier catalogue is never imported.
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(OUT_DIR, `${name}-${hash}.mjs`);
  // Written under a temporary name and renamed (atomic): a parallel process importing the same
  // bundle never reads a half-written file.
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, file);
  }
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
}

/**
 * A patch set as a subject module (cached per process under `kind` and its id, so a variant
 * and a mutant may share an id without sharing a module).
 */
export function loadPatchSet(set: PatchSet, kind: "mutant" | "variant"): Promise<Record<string, unknown>> {
  const key = `${kind}:${set.id}`;
  let subject = loaded.get(key);
  if (subject === undefined) {
    subject = bundleMutant(set).then((code) => importBundle(kind === "mutant" ? set.id : `variant-${set.id}`, code));
    loaded.set(key, subject);
  }
  return subject;
}

/** The mutant as a subject module (cached per process). */
export function loadMutant(mutant: Mutant): Promise<Record<string, unknown>> {
  return loadPatchSet(patchSetOf(mutant), "mutant");
}

/** src/core bundled and loaded through the same path with no patch: the loader's control. */
export function loadUnpatchedCore(): Promise<Record<string, unknown>> {
  let subject = loaded.get("(unpatched)");
  if (subject === undefined) {
    subject = bundleMutant(null).then((code) => importBundle("unpatched-core", code));
    loaded.set("(unpatched)", subject);
  }
  return subject;
}
