import { isBuiltin } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
import { GraderError } from "../grader/errors";
import { bundleModule, createWorkDir } from "../grader/sandbox/bundle";

// A TypeScript adapter file, loaded as submissions are: bundled by esbuild into one ES module.
// Unlike a submission it runs in this process and imports real libraries, so every package it
// imports stays an import, of the very file Node would load: resolved (with the package's
// "exports", for `import`) from the adapter's folder, else from each of `resolveFrom` (the
// current directory on the command line). A library thus loads once, from where it is installed,
// and the bundle can live in a temporary folder.

const INNER = "compaction-check: resolving";

function installedPackages(resolveFrom: readonly string[]): Plugin {
  return {
    name: "installed-packages",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === INNER) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        for (const dir of [args.resolveDir, ...resolveFrom]) {
          const found = await build.resolve(args.path, { resolveDir: dir, kind: args.kind, importer: args.importer, pluginData: INNER });
          if (found.errors.length > 0) continue;
          // A path mapped into the project's own sources (tsconfig "paths") is bundled like them.
          if (!/[\\/]node_modules[\\/]/.test(found.path)) return { path: found.path };
          return { path: pathToFileURL(found.path).href, external: true };
        }
        return { errors: [{ text: `Could not resolve "${args.path}": install it where the adapter is (npm i -D ${packageName(args.path)}), or run from a folder where it is installed` }] };
      });
    },
  };
}

/** "@scope/name/sub" → "@scope/name", "name/sub" → "name". */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

export async function importBundled(file: string, resolveFrom: readonly string[]): Promise<Record<string, unknown>> {
  const work = await createWorkDir();
  try {
    const out = join(work.dir, "adapter.mjs");
    const built = await bundleModule(file, out, { plugins: [installedPackages(resolveFrom)] });
    if (!built.ok) throw new GraderError("ADAPTER_INVALID", `Could not build the adapter ${file}: ${built.message}.`);
    return (await import(/* @vite-ignore */ pathToFileURL(out).href)) as Record<string, unknown>;
  } finally {
    await work.dispose();
  }
}
