import { join } from "node:path";
import { fileURLToPath } from "node:url";

// Where the package's own files are, in one place. From the sources this file is
// src/package/layout.ts (run by tsx or vitest); from the build it is inlined into one of the
// flat files of dist/ (scripts/build.ts). Either way the package root is found from here.

const BUILT = !import.meta.url.endsWith(".ts");

/** The directory holding package.json, bin/ and, when built, dist/. */
export const PACKAGE_ROOT = fileURLToPath(new URL(BUILT ? ".." : "../..", import.meta.url));

/** The command-line entry: the same file in a clone and in an installed package. */
export const BIN_FILE = join(PACKAGE_ROOT, "bin", "compaction-check.mjs");

/** The sandbox's child program prebuilt by scripts/build.ts, or null when running from the sources. */
export const BUILT_CHILD_ENTRY: string | null = BUILT ? join(PACKAGE_ROOT, "dist", "sandbox-child.js") : null;
