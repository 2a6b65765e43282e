import { join } from "node:path";
import { bundleModule, createWorkDir, resolveSubmissionEntry } from "./sandbox/bundle";
import { bundleChildEntry } from "./sandbox/child-bundle";
import type { Host } from "../scenario/host";
import type { Observation } from "../scenario/observation";
import { ChildHost, type LossBudget, type LostCase, type Tampering } from "./sandbox/child-host";
import type { Skip } from "./sandbox/hang-kinds";
import { checkConformance } from "./conformance";
import { bundleFingerprint } from "./submission-identity";
import type { SandboxLimits } from "./sandbox/plan";

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
}

export async function prepareSubmission(submission: string, limits: SandboxLimits, options: PrepareOptions = {}): Promise<Prepared> {
  const entry = resolveSubmissionEntry(submission);
  const work = await createWorkDir();
  const sandboxDir = join(work.dir, "sandbox");
  try {
    const childEntry = await bundleChildEntry(join(sandboxDir, "child.mjs"), options.driverModule === undefined ? {} : { driverModule: options.driverModule });
    const bundled = await bundleModule(entry, join(sandboxDir, "submission.mjs"));
    if (!bundled.ok) {
      const startHost = () => Promise.reject(new Error("no sandbox: the submission does not compile"));
      return { entry, host: null, failure: `the submission does not compile: ${bundled.message}`, problems: new Map(), fingerprint: null, startHost, dispose: work.dispose };
    }
    const fingerprint = await bundleFingerprint(bundled.file);
    const hostOptions = { entryFile: childEntry, submissionFile: bundled.file, readableDir: sandboxDir, limits, ...(options.lossBudget === undefined ? {} : { lossBudget: options.lossBudget }) };
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
