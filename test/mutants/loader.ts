import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type { Mutant } from "./catalogue";
import { CORE_DIR, patchedSources } from "./patch";

// Turns a mutant into a subject: src/core is bundled by esbuild with the patched files
// served from memory (the rest read from disk as usual), the bundle is written once to a
// temp dir and imported. Each mutant is its own module instance, with its own intrinsics
// and registry, exactly as a separately loaded submission would be.

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

/** The bundled source of src/core with `mutant` applied (no patches: the core itself). */
export async function bundleMutant(mutant: Mutant | null): Promise<string> {
  const sources = mutant === null ? new Map<string, string>() : patchedSources(mutant);
  const result = await build({
    entryPoints: [join(CORE_DIR, "index.ts")],
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

async function importBundle(name: string, code: string): Promise<Record<string, unknown>> {
  mkdirSync(OUT_DIR, { recursive: true });
  // Named by content, so a stale file from an earlier catalogue is never imported.
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(OUT_DIR, `${name}-${hash}.mjs`);
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
}

/** The mutant as a subject module (cached per process). */
export function loadMutant(mutant: Mutant): Promise<Record<string, unknown>> {
  let subject = loaded.get(mutant.id);
  if (subject === undefined) {
    subject = bundleMutant(mutant).then((code) => importBundle(mutant.id, code));
    loaded.set(mutant.id, subject);
  }
  return subject;
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
