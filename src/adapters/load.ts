import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { GraderError, describeThrown } from "../grader/errors";
import type { AnyAdapter } from "./adapter";
import { BUILTIN_ADAPTERS } from "./registry";

// `audit <adapter|file>`: a built-in name, or a module whose default export (or export named
// `adapter`) is an adapter (docs/adapters.md).

const REQUIRED = ["name", "subject", "form", "shapes", "options", "properties", "toLibrary", "run", "fromLibrary"] as const;

export async function loadAdapter(nameOrFile: string): Promise<AnyAdapter> {
  const builtin = BUILTIN_ADAPTERS[nameOrFile];
  if (builtin !== undefined) return await builtin();
  const file = resolve(nameOrFile);
  if (!/[./\\]/.test(nameOrFile) || !existsSync(file)) {
    throw new GraderError("UNKNOWN_ADAPTER", `Unknown adapter ${JSON.stringify(nameOrFile)}. Built-in adapters: ${Object.keys(BUILTIN_ADAPTERS).join(", ")}; or give the path of a module that exports an adapter (docs/adapters.md).`);
  }
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new GraderError("ADAPTER_INVALID", `Could not load the adapter module ${nameOrFile}: ${describeThrown(error)}.`);
  }
  const candidate = (module.default ?? module.adapter) as Record<string, unknown> | undefined;
  const missing = candidate === undefined ? ["a default export or an export named `adapter`"] : REQUIRED.filter((key) => candidate[key] === undefined);
  if (missing.length > 0) throw new GraderError("ADAPTER_INVALID", `${nameOrFile} is not an adapter: missing ${missing.join(", ")} (docs/adapters.md lists what an adapter declares).`);
  return candidate as unknown as AnyAdapter;
}
