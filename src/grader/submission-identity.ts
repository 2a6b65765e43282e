import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { basename, dirname, resolve } from "node:path";

// What identifies a submission, so that a counterexample file is kept with the submission it
// was found on and `replay` can refuse a file recorded for another one (docs/grading.md,
// "Replay files"): its resolved path, and a content hash of its bundle (the code that ran).

export interface SubmissionIdentity {
  /** The submission's path, resolved. */
  readonly path: string;
  /**
   * SHA-256 of its bundle without esbuild's file-name comments, so the same code hashes the
   * same wherever it lies and whichever directory it is graded from; null when it did not build.
   */
  readonly sha256: string | null;
}

/**
 * A folder name for a submission's files under the reports directory: the last two parts of its
 * resolved path, made safe, and a hash of the whole path, so two submissions in folders of the
 * same name (class-a/alice and class-b/alice, or every student's src/) never share it.
 */
export function submissionFolder(submission: string): string {
  const path = resolve(submission);
  const name = [basename(dirname(path)), basename(path)]
    .filter((part) => part !== "" && part !== "/")
    .join("-")
    .replace(/\.(?:[cm]?[jt]s)$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+/, "")
    .slice(-48);
  const hash = createHash("sha256").update(path).digest("hex").slice(0, 8);
  return `${name === "" ? "submission" : name}-${hash}`;
}

/** The bundle's hash, its lines naming source files (`// src/index.ts`, relative to where esbuild ran) left out. */
export async function bundleFingerprint(bundleFile: string): Promise<string> {
  const text = await readFile(bundleFile, "utf8");
  const code = text
    .split("\n")
    .filter((line) => !/^\/\/ \S+\.(?:[cm]?[jt]sx?|json)$/.test(line))
    .join("\n");
  return createHash("sha256").update(code).digest("hex");
}

export function identityOf(submission: string, sha256: string | null): SubmissionIdentity {
  return { path: resolve(submission), sha256 };
}

/**
 * Whether a file recorded for `recorded` may be replayed on `target`: the same path (the
 * submission, perhaps edited since: that is what a replay after a fix is for), or the same code
 * (the submission moved or copied). Anything else is another submission.
 */
export function sameSubmission(recorded: SubmissionIdentity, target: SubmissionIdentity): { readonly same: boolean; readonly note: string | null } {
  const samePath = recorded.path === target.path;
  const sameCode = recorded.sha256 !== null && recorded.sha256 === target.sha256;
  if (samePath && (sameCode || recorded.sha256 === null || target.sha256 === null)) return { same: true, note: null };
  if (samePath) return { same: true, note: `${target.path} changed since this counterexample was recorded (its code's hash was ${short(recorded.sha256)}, it is ${short(target.sha256)}): the verdict below is the current code's` };
  if (sameCode) return { same: true, note: `this counterexample was recorded for ${recorded.path}, whose code is the same as ${target.path}'s` };
  return { same: false, note: null };
}

function short(hash: string | null): string {
  return hash === null ? "unknown" : hash.slice(0, 12);
}
