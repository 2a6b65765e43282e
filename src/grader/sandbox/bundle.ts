import { existsSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { context, type BuildContext, type BuildOptions, type Plugin } from "esbuild";
import { CONFINE_PLUGIN, confineTo } from "./confine";
import { GraderError } from "../errors";

// A submission is untrusted source: bundling it into one ESM file lets the child read exactly
// one directory (the permission model allows nothing else), and turns a syntax error into a
// graded failure instead of a crash at import time. The bundler runs in the grader, so what it
// may read of the submission is confined (./confine.ts) and it runs under a time limit.

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

export type BundleResult =
  | { readonly ok: true; readonly file: string }
  /** `refused`: an import the confinement does not allow (./confine.ts); `timedOut`: cancelled at the time limit. */
  | { readonly ok: false; readonly message: string; readonly refused: boolean; readonly timedOut: boolean };

export interface BundleOptions {
  readonly plugins?: Plugin[];
  /** Features esbuild must lower (a submission's dynamic import() becomes a require that fails). */
  readonly supported?: Record<string, boolean>;
  readonly tsconfigRaw?: TsconfigRaw;
  /** The build is cancelled after this long (a failure saying so). */
  readonly timeoutMs?: number;
}

type TsconfigRaw = Exclude<BuildOptions["tsconfigRaw"], undefined>;

/** Bundles one entry into `outFile` (ESM, node built-ins external); a build error is returned, not thrown. */
export async function bundleModule(entry: string, outFile: string, options: BundleOptions = {}): Promise<BundleResult> {
  const timeoutMs = options.timeoutMs;
  if (timeoutMs !== undefined && timeoutMs <= 0) return { ok: false, message: "no time was left to bundle it", refused: false, timedOut: true };
  let ctx: BuildContext | null = null;
  let timer: NodeJS.Timeout | null = null;
  try {
    ctx = await context({
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
      ...(options.supported === undefined ? {} : { supported: options.supported }),
      ...(options.tsconfigRaw === undefined ? {} : { tsconfigRaw: options.tsconfigRaw }),
    });
    const build = ctx.rebuild();
    const timedOut =
      timeoutMs === undefined
        ? new Promise<never>(() => {})
        : new Promise<"timeout">((resolve) => {
            timer = setTimeout(() => resolve("timeout"), timeoutMs);
          });
    const result = await Promise.race([build, timedOut]);
    if (result === "timeout") {
      await ctx.cancel();
      build.catch(() => {});
      return { ok: false, message: `it was not bundled within ${timeoutMs} ms`, refused: false, timedOut: true };
    }
    if (result.errors.length > 0) return { ok: false, message: formatMessages(result.errors), refused: isRefusal(result.errors), timedOut: false };
    return { ok: true, file: outFile };
  } catch (error) {
    const errors = (error as { errors?: EsbuildMessage[] }).errors;
    if (Array.isArray(errors) && errors.length > 0) return { ok: false, message: formatMessages(errors), refused: isRefusal(errors), timedOut: false };
    return { ok: false, message: error instanceof Error ? error.message : String(error), refused: false, timedOut: false };
  } finally {
    if (timer !== null) clearTimeout(timer);
    await ctx?.dispose();
  }
}

/**
 * A submission's bundle: only its own files (inside `root`, a folder or the one file) and
 * node:util / node:buffer (./confine.ts), no dynamic import() left at run time, TypeScript
 * compiled with esbuild's defaults (no tsconfig.json is read), cancelled after `timeoutMs`.
 */
export function bundleSubmission(entry: string, outFile: string, options: { readonly root: string; readonly timeoutMs: number }): Promise<BundleResult> {
  return bundleModule(entry, outFile, { plugins: [confineTo(options.root)], supported: { "dynamic-import": false }, tsconfigRaw: {}, timeoutMs: options.timeoutMs });
}

/** The folder a submission's imports must stay in by default: the folder itself, or a file's directory. */
export function defaultImportRoot(submission: string): string {
  const absolute = resolve(submission);
  return statSync(absolute).isFile() ? dirname(absolute) : absolute;
}

type EsbuildMessage = { text: string; pluginName?: string; location?: { file: string; line: number; column: number } | null };

function isRefusal(errors: readonly EsbuildMessage[]): boolean {
  return errors.some((e) => e.pluginName === CONFINE_PLUGIN);
}

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
