import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

// Which version of a library is installed where an adapter would import it from: the first
// node_modules/<name>/package.json walking up from a directory, as Node looks for packages. Its
// own package.json says the real name and version (also behind an npm alias) and the Node it needs.

export type InstalledLibrary = { readonly name: string; readonly version: string; readonly node?: string };

export function findInstalled(specifier: string, fromDir: string): InstalledLibrary | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const file = join(dir, "node_modules", specifier, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown; engines?: { node?: unknown } };
      return {
        name: typeof pkg.name === "string" ? pkg.name : specifier,
        version: typeof pkg.version === "string" ? pkg.version : "unknown",
        ...(typeof pkg.engines?.node === "string" ? { node: pkg.engines.node } : {}),
      };
    }
    if (dirname(dir) === dir) return null;
  }
}

/**
 * Whether this Node meets a library's `engines.node`, for the plain ">=x.y.z" ranges libraries
 * declare; any other range is taken as met (the library, not us, is the judge of it).
 */
export function nodeMeets(range: string, version = process.versions.node): boolean {
  const min = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range);
  if (min === null) return true;
  const have = version.split(".").map(Number);
  const want = [min[1], min[2], min[3]].map((n) => Number(n ?? 0));
  for (let i = 0; i < 3; i++) if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) > want[i]!;
  return true;
}
