import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { GraderError, describeThrown } from "../grader/errors";
import { BUILT_CHILD_ENTRY, PACKAGE_ROOT } from "../package/layout";
import type { AnyAdapter } from "./adapter";
import { importBundled } from "./bundle-adapter";
import { findInstalled, nodeMeets, type InstalledLibrary } from "./installed";
import { BUILTIN_ADAPTERS, builtinAdapter, type BuiltinAdapter } from "./registry";

// `audit <adapter|file>`: a built-in name, or a module whose default export (or export named
// `adapter`) is an adapter (docs/adapters.md). A .ts/.mts/.cts file is bundled by esbuild, the
// packages it imports resolved where it is (bundle-adapter.ts); a .js/.mjs file is imported.

const REQUIRED = ["name", "subject", "form", "shapes", "options", "properties", "toLibrary", "run", "fromLibrary"] as const;

export type LoadedAdapter = {
  readonly adapter: AnyAdapter;
  /** The audited library as installed (the adapter's `library`, or the built-in's). */
  readonly library?: InstalledLibrary;
  /** What the audit should say first, e.g. a library that needs a newer Node. */
  readonly warnings: readonly string[];
};

export type LoadOptions = {
  /** Where else a file's packages may be installed (the command line: the current directory). */
  readonly resolveFrom?: readonly string[];
};

export async function loadAdapter(nameOrFile: string, options: LoadOptions = {}): Promise<LoadedAdapter> {
  const builtin = builtinAdapter(nameOrFile);
  if (builtin !== undefined) return loadBuiltin(builtin);
  const file = resolve(nameOrFile);
  if (!/[./\\]/.test(nameOrFile) || !existsSync(file)) {
    throw new GraderError("UNKNOWN_ADAPTER", `Unknown adapter ${JSON.stringify(nameOrFile)}. Built-in adapters: ${BUILTIN_ADAPTERS.map((a) => a.name).join(", ")}; or give the path of a module that exports an adapter (docs/adapters.md).`);
  }
  const resolveFrom = options.resolveFrom ?? [];
  const module = await importModule(file, nameOrFile, resolveFrom);
  const adapter = adapterOf(module, nameOrFile);
  const library = typeof adapter.library === "string" ? [dirname(file), ...resolveFrom].map((dir) => findInstalled(adapter.library!, dir)).find((l) => l !== null) ?? undefined : undefined;
  return withLibrary(adapter, library);
}

/** The built-in's module: its source file from a clone, dist/adapters/<name>.js from the installed package. */
export function builtinFile(builtin: BuiltinAdapter): string {
  return BUILT_CHILD_ENTRY === null ? join(PACKAGE_ROOT, `${builtin.source}.ts`) : join(PACKAGE_ROOT, "dist", "adapters", `${builtin.name}.js`);
}

async function loadBuiltin(builtin: BuiltinAdapter): Promise<LoadedAdapter> {
  const file = builtinFile(builtin);
  const library = findInstalled(builtin.library, dirname(file));
  if (library === null) {
    throw new GraderError(
      "ADAPTER_LIBRARY_MISSING",
      `${builtin.name} audits ${builtin.library}, which is not installed here. Install it next to compaction-check (docs/audits.md audits ${builtin.audited}): npm i -D ${builtin.library}@${builtin.audited}`,
    );
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new GraderError("ADAPTER_INVALID", `The built-in adapter ${builtin.name} could not load ${library.name} ${library.version} (it audits ${builtin.audited}): ${describeThrown(error)}.${nodeWarning(library).map((w) => ` ${w}`).join("")}`);
  }
  return withLibrary(adapterOf({ default: module[builtin.export] }, builtin.name), library);
}

async function importModule(file: string, shown: string, resolveFrom: readonly string[]): Promise<Record<string, unknown>> {
  if (/\.[mc]?tsx?$/.test(file)) return importBundled(file, resolveFrom);
  try {
    return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new GraderError("ADAPTER_INVALID", `Could not load the adapter module ${shown}: ${describeThrown(error)}.`);
  }
}

function adapterOf(module: Record<string, unknown>, shown: string): AnyAdapter {
  const candidate = (module.default ?? module.adapter) as Record<string, unknown> | undefined;
  const missing = candidate === undefined ? ["a default export or an export named `adapter`"] : REQUIRED.filter((key) => candidate[key] === undefined);
  if (missing.length > 0) throw new GraderError("ADAPTER_INVALID", `${shown} is not an adapter: missing ${missing.join(", ")} (docs/adapters.md lists what an adapter declares).`);
  return candidate as unknown as AnyAdapter;
}

function nodeWarning(library: InstalledLibrary): string[] {
  if (library.node === undefined || nodeMeets(library.node)) return [];
  return [`${library.name} ${library.version} declares Node ${library.node}; this is Node ${process.versions.node}: run the audit under a Node it supports.`];
}

function withLibrary(adapter: AnyAdapter, library: InstalledLibrary | undefined): LoadedAdapter {
  return { adapter, ...(library === undefined ? {} : { library }), warnings: library === undefined ? [] : nodeWarning(library) };
}
