import type { Host } from "../scenario/host";
import type { PropertyDefinition } from "../scenario/property";
import type { Scenario } from "../scenario/scenario";
import { gradeProperty, notRunAfterTampering } from "./grade-property";
import type { GradedHost, Prepared } from "./prepare";
import type { Reporter } from "./report/reporter";
import type { PropertyResult } from "./result";
import type { Tampering } from "./sandbox/child-host";

// Every property of a grade, over `jobs` sandboxed children at once. Results and the reporters'
// onPropertyEnd come in the properties' order whatever finishes first, and tampering keeps its
// one-child meaning: properties are taken in order, so once a child tampered during property t
// every property its worker or any other takes later comes after t and is "not run"; those
// before t ran on children of their own. So the verdicts, report order and counterexamples of
// --jobs N are those of --jobs 1 (the per-kind loss budget is counted per child, though).

export interface ScheduleOptions {
  readonly prepared: Prepared;
  readonly properties: readonly PropertyDefinition[];
  readonly jobs: number;
  readonly reference: Host | null;
  readonly seed: number;
  readonly numRuns: number;
  readonly reportsDir: string | null;
  readonly submission: string;
  readonly examplesFor: (propertyId: string) => Scenario[];
  readonly reporters: readonly Reporter[];
}

export interface Scheduled {
  readonly results: PropertyResult[];
  /** Every child host used (for warnings), the first one first. */
  readonly hosts: readonly GradedHost[];
  /** The first tampering in the properties' order, or the one seen at load. */
  readonly tampering: Tampering | null;
}

export async function gradeProperties(options: ScheduleOptions): Promise<Scheduled> {
  const { prepared, properties, reporters } = options;
  const results: (PropertyResult | undefined)[] = new Array(properties.length);
  const hosts: GradedHost[] = prepared.host === null ? [] : [prepared.host];
  // Tampering seen at load is every child's (they load the same bundle): gradeProperty says so per property.
  let tampered: { readonly index: number; readonly tampering: Tampering } | null = null;
  let emitted = 0;
  const emitReady = () => {
    for (; emitted < properties.length && results[emitted] !== undefined; emitted++) {
      if (tampered !== null && emitted > tampered.index) results[emitted] = notRunAfterTampering(properties[emitted]!, tampered.tampering);
      for (const reporter of reporters) reporter.onPropertyEnd?.(results[emitted]!);
    }
  };
  let next = 0;
  const worker = async (first: boolean): Promise<void> => {
    let host: GradedHost | null = prepared.host;
    // Extra children only once there is something left for them (and a sandbox at all).
    if (!first && host !== null && next < properties.length) {
      host = await prepared.startHost();
      hosts.push(host);
    }
    for (let index = next++; index < properties.length; index = next++) {
      const def = properties[index]!;
      if (tampered !== null && index > tampered.index) {
        results[index] = notRunAfterTampering(def, tampered.tampering);
        emitReady();
        continue;
      }
      for (const reporter of reporters) reporter.onPropertyStart?.(def);
      results[index] = await gradeProperty(def, {
        prepared: { ...prepared, host },
        reference: options.reference,
        seed: options.seed,
        numRuns: options.numRuns,
        reportsDir: options.reportsDir,
        submission: options.submission,
        examples: options.examplesFor(def.id),
        onCase: () => {
          for (const reporter of reporters) reporter.onCase?.(def.id);
        },
      });
      const tampering = host?.tampering ?? null;
      if (tampering !== null && tampering.propertyId !== null && (tampered === null || index < tampered.index)) {
        tampered = { index, tampering };
      }
      emitReady();
    }
  };
  const workers = Math.max(1, Math.min(options.jobs, properties.length));
  await Promise.all(Array.from({ length: workers }, (_, i) => worker(i === 0)));
  emitReady();
  const loadTampering = prepared.host?.tampering?.propertyId === null ? prepared.host.tampering : null;
  return { results: results as PropertyResult[], hosts, tampering: loadTampering ?? (tampered as { tampering: Tampering } | null)?.tampering ?? null };
}
