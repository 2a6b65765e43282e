import { chmod, chown, readdir } from "node:fs/promises";
import { join } from "node:path";
import { bundleSubmission, createWorkDir, defaultImportRoot, resolveSubmissionEntry } from "./sandbox/bundle";
import { bundleChildEntry } from "./sandbox/child-bundle";
import type { Host } from "../scenario/host";
import type { Observation } from "../scenario/observation";
import { ChildHost, type LossBudget, type LostCase, type Tampering } from "./sandbox/child-host";
import type { Skip } from "./sandbox/hang-kinds";
import { checkConformance } from "./conformance";
import { probeConfinement, type SandboxLimits } from "./sandbox/plan";
import { bundleFingerprint } from "./submission-identity";

// Everything before the first property: find the entry, bundle it and the child program, start
// the sandbox and read the conformance facts. A submission that does not build or load is a
// graded failure (`failure`), not an exception.

/** What grading needs of a host beyond observations: the sandboxed child, or a trusted in-process module (prepare-in-process.ts). */
export interface GradedHost extends Host {
  readonly tampering: Tampering | null;
  beginProperty(id: string): void;
  propertyState(): { readonly budgetExhausted: boolean; readonly lastLost: LostCase | null; readonly losses: number };
  /** Why the case an observation stands for was not run, when its kind hangs (sandbox/hang-kinds.ts). */
  skipOf?(observation: Observation): Skip | undefined;
  warnings(): string[];
}

export interface Prepared {
  readonly entry: string;
  readonly host: GradedHost | null;
  /** Why no property can pass at all (does not compile, throws or hangs at import). */
  readonly failure: string | null;
  /** Contract exports that are missing or of the wrong kind, by name. */
  readonly problems: ReadonlyMap<string, string>;
  /** The hash of the submission's bundle (./submission-identity.ts); null when it did not build, or runs in-process. */
  readonly fingerprint: string | null;
  /** Another sandboxed child host on the same bundles (for --jobs); closed by `dispose`. */
  startHost(): Promise<GradedHost>;
  dispose(): Promise<void>;
}

export interface PrepareOptions {
  /** Test seam: replaces src/driver/index.ts in the child program. */
  readonly driverModule?: string;
  readonly lossBudget?: LossBudget;
  /**
   * The folder (or the one file) the submission's imports must stay in; default its own folder
   * (a file's directory). grade-class narrows it to the file of a one-file student. Trusted:
   * only the project's own tests widen it (fixtures that share code above their folder, such as
   * test/fixtures/tamper/_shared or src/core); no command-line flag or package option sets it.
   */
  readonly importRoot?: string;
}

export async function prepareSubmission(submission: string, limits: SandboxLimits, options: PrepareOptions = {}): Promise<Prepared> {
  // The total time limit counts from here: bundling is part of it.
  const deadline = Date.now() + limits.totalTimeoutMs;
  const entry = resolveSubmissionEntry(submission);
  const work = await createWorkDir();
  const sandboxDir = join(work.dir, "sandbox");
  try {
    const childEntry = await bundleChildEntry(join(sandboxDir, "child.mjs"), options.driverModule === undefined ? {} : { driverModule: options.driverModule });
    const timeoutMs = Math.min(limits.loadTimeoutMs, deadline - Date.now());
    const bundled = await bundleSubmission(entry, join(sandboxDir, "submission.mjs"), { root: options.importRoot ?? defaultImportRoot(submission), timeoutMs });
    if (!bundled.ok) {
      const startHost = () => Promise.reject(new Error("no sandbox: the submission was not bundled"));
      const failure = bundled.refused ? `the submission was refused at bundle time: ${bundled.message}` : bundled.timedOut ? `the submission was not bundled within ${Math.max(0, timeoutMs)} ms (bundling counts against the load and total time limits)` : `the submission does not compile: ${bundled.message}`;
      return { entry, host: null, failure, problems: new Map(), fingerprint: null, startHost, dispose: work.dispose };
    }
    await readableBySandbox(work.dir, sandboxDir);
    const fingerprint = await bundleFingerprint(bundled.file);
    const hostOptions = { entryFile: childEntry, submissionFile: bundled.file, readableDir: sandboxDir, limits, deadline, ...(options.lossBudget === undefined ? {} : { lossBudget: options.lossBudget }) };
    const host = await ChildHost.start(hostOptions);
    const extraHosts: ChildHost[] = [];
    const problems = host.ready === null ? new Map<string, string>() : checkConformance(host.ready.exports);
    return {
      entry,
      host,
      failure: host.loadFailure,
      problems,
      fingerprint,
      async startHost() {
        const extra = await ChildHost.start(hostOptions);
        extraHosts.push(extra);
        return extra;
      },
      async dispose() {
        await Promise.all([host, ...extraHosts].map((h) => h.close()));
        await work.dispose();
      },
    };
  } catch (error) {
    await work.dispose();
    throw error;
  }
}

/** When the child runs as another user, the bundles are given to it (read-only) and the work directory is opened to it for traversal only. */
async function readableBySandbox(workDir: string, sandboxDir: string): Promise<void> {
  const runAs = probeConfinement().runAs;
  if (runAs === null) return;
  await chmod(workDir, 0o711);
  for (const name of await readdir(sandboxDir)) {
    await chown(join(sandboxDir, name), runAs.uid, runAs.gid);
    await chmod(join(sandboxDir, name), 0o400);
  }
  await chown(sandboxDir, runAs.uid, runAs.gid);
  await chmod(sandboxDir, 0o500);
}
