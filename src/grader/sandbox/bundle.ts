import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type Plugin } from "esbuild";
import { GraderError } from "../errors";

// A submission is untrusted source: bundling it into one ESM file lets the child read exactly
// one directory (the permission model allows nothing else), and turns a syntax error into a
// graded failure instead of a crash at import time.

const SOURCE_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"] as const;
const INDEX_CANDIDATES = SOURCE_EXTENSIONS.flatMap((ext) => [`index${ext}`, `src/index${ext}`]);

/** The entry file of a submission: the file itself, or a directory's index.* or src/index.*. */
export function resolveSubmissionEntry(submission: string): string {
  const absolute = resolve(submission);
  if (!existsSync(absolute)) {
    throw new GraderError("SUBMISSION_NOT_FOUND", `No submission at ${absolute}. Pass a file (.ts, .mts, .js, .mjs) or a directory with index.* or src/index.*.`);
  }
  if (statSync(absolute).isFile()) {
    if (!SOURCE_EXTENSIONS.some((ext) => absolute.endsWith(ext))) {
      throw new GraderError("SUBMISSION_ENTRY_NOT_FOUND", `${absolute} is not a .ts, .mts, .js or .mjs file. Pass the submission's entry module or its directory.`);
    }
    return absolute;
  }
  for (const candidate of INDEX_CANDIDATES) {
    const path = join(absolute, candidate);
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  throw new GraderError("SUBMISSION_ENTRY_NOT_FOUND", `${absolute} has none of ${INDEX_CANDIDATES.join(", ")}. Put the module that exports the contract in index.ts or src/index.ts.`);
}

export type BundleResult = { readonly ok: true; readonly file: string } | { readonly ok: false; readonly message: string };

/** Bundles one entry into `outFile` (ESM, node built-ins external); a build error is returned, not thrown. */
export async function bundleModule(entry: string, outFile: string, options: { plugins?: Plugin[] } = {}): Promise<BundleResult> {
  try {
    const result = await build({
      entryPoints: [entry],
      outfile: outFile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: ["node:*"],
      logLevel: "silent",
      plugins: options.plugins ?? [],
      sourcemap: false,
      write: true,
    });
    if (result.errors.length > 0) return { ok: false, message: formatMessages(result.errors) };
    return { ok: true, file: outFile };
  } catch (error) {
    const errors = (error as { errors?: EsbuildMessage[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return { ok: false, message: formatMessages(errors) };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

type EsbuildMessage = { text: string; location?: { file: string; line: number; column: number } | null };

function formatMessages(errors: readonly EsbuildMessage[]): string {
  const first = errors[0];
  if (first === undefined) return "unknown build error";
  const where = first.location ? `${first.location.file}:${first.location.line}:${first.location.column}: ` : "";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : "";
  return `${where}${first.text}${more}`;
}

/** A fresh private directory for one grading run's bundles; `dispose` removes it. */
export async function createWorkDir(): Promise<{ readonly dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "compaction-check-"));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}
