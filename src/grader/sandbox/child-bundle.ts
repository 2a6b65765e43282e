import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";
import { bundleModule } from "./bundle";
import { BUILT_CHILD_ENTRY } from "../../package/layout";
import { GraderError } from "../errors";

// The child's program (entry + driver + poisoning) is bundled at grade time into the sandbox
// directory: the permission model then lets the child read that directory and nothing else.

// From the build, the child program is dist/sandbox-child.js (already one file; bundled again here
// so that it lands in the sandbox directory the same way).
const ENTRY = BUILT_CHILD_ENTRY ?? fileURLToPath(new URL("./child/entry.ts", import.meta.url));

/** `driverModule` replaces src/driver/index.ts (tests use a stand-in driver). */
export async function bundleChildEntry(outFile: string, options: { driverModule?: string } = {}): Promise<string> {
  const plugins: Plugin[] = [];
  const driverModule = options.driverModule;
  if (driverModule !== undefined) {
    plugins.push({
      name: "stand-in-driver",
      setup(build) {
        build.onResolve({ filter: /\/driver\/index$/ }, (args) => (args.importer === ENTRY ? { path: driverModule } : undefined));
      },
    });
  }
  const result = await bundleModule(ENTRY, outFile, { plugins });
  if (!result.ok) throw new GraderError("CHILD_ENTRY_BUILD_FAILED", `Could not bundle the grader's child program: ${result.message}. Reinstall dependencies (npm ci) and check src/driver builds.`);
  return result.file;
}
