// Builds the package into dist/ (not committed; `npm run build`, run by `npm pack` through prepack):
//   dist/{index,vitest,generators,adapters,cli}.js  the entries, ESM, code split so they share one copy of
//                                           each module (one fast-check realm, one property list);
//                                           dependencies stay imports (package.json "dependencies")
//   dist/sandbox-child.js                   the sandbox's child program, self-contained, exactly as
//                                           `grade` bundles it from the sources
//   dist/types/**.d.ts                      declarations by tsc, relative imports given their .js
//                                           extension so that "moduleResolution": "node16" reads them too
// esbuild for the JavaScript because the sources import without extensions (moduleResolution
// "Bundler"), which tsc would emit unchanged and Node's ESM loader cannot resolve; tsc for the
// declarations because only tsc writes them.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { BUILTIN_ADAPTERS } from "../src/adapters/registry";
import { bundleChildEntry } from "../src/grader/sandbox/child-bundle";

const DIST = "dist";
const ENTRIES: Record<string, string> = {
  index: "src/package/index.ts",
  vitest: "src/package/vitest.ts",
  generators: "generators/index.ts",
  adapters: "src/package/adapters.ts",
  cli: "src/cli.ts",
  // dist/adapters/<name>.js: each built-in adapter, imported only when named (its library is an
  // optional peer dependency, resolved from where the package is installed).
  ...Object.fromEntries(BUILTIN_ADAPTERS.map((a) => [`adapters/${a.name}`, `${a.source}.ts`])),
};

async function buildEntries(): Promise<void> {
  await build({
    entryPoints: Object.entries(ENTRIES).map(([out, entry]) => ({ in: entry, out })),
    outdir: DIST,
    // Flat: every entry and chunk directly in dist/, so src/package/layout.ts finds the package
    // root; only the built-in adapters are in dist/adapters/, and none of them holds layout.ts.
    entryNames: "[dir]/[name]",
    chunkNames: "chunk-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
}

function buildDeclarations(): void {
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
}

const RELATIVE_SPECIFIER = /(\bfrom\s+|\bimport\(\s*)(["'])(\.{1,2}\/[^"']*)\2/g;

/** `./x` → `./x.js` or `./x/index.js`, whichever declaration file exists next to `file`. */
async function addExtensions(file: string): Promise<void> {
  const text = await readFile(file, "utf8");
  const rewritten = text.replace(RELATIVE_SPECIFIER, (match, head: string, quote: string, specifier: string) => {
    if (/\.(js|mjs|cjs|json)$/.test(specifier)) return match;
    const target = resolve(dirname(file), specifier);
    if (existsSync(`${target}.d.ts`)) return `${head}${quote}${specifier}.js${quote}`;
    if (existsSync(join(target, "index.d.ts"))) return `${head}${quote}${specifier}/index.js${quote}`;
    throw new Error(`${file}: cannot resolve ${specifier}`);
  });
  if (rewritten !== text) await writeFile(file, rewritten);
}

async function declarationFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".d.ts")).map((e) => join(e.parentPath, e.name));
}

await rm(DIST, { recursive: true, force: true });
await buildEntries();
await bundleChildEntry(join(DIST, "sandbox-child.js"));
buildDeclarations();
await Promise.all((await declarationFiles(join(DIST, "types"))).map(addExtensions));
process.stderr.write(`built ${DIST}/: ${Object.keys(ENTRIES).filter((e) => !e.startsWith("adapters/")).join(", ")}, ${BUILTIN_ADAPTERS.length} built-in adapters, sandbox-child, types\n`);
