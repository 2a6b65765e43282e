import { createInProcessHost } from "../../src/grader/in-process-host";
import type { PropertyDefinition } from "../../src/scenario";
import { runOne, suiteProperties, type PropertyVerdict } from "../mutants/matrix";
import { coreReference, type GradeSettings } from "../variants/grade";

// Grades a subject module in-process against every property of the suites (fixed seed, no
// shrinking: only which properties fail matters here) and returns the verdicts that are not
// passes. The reference of differential properties is src/core.

export async function failedProperties(
  subject: Record<string, unknown>,
  settings: GradeSettings,
  properties: readonly PropertyDefinition[] = suiteProperties(),
): Promise<PropertyVerdict[]> {
  const hosts = { subject: createInProcessHost(subject), reference: coreReference() };
  const failed: PropertyVerdict[] = [];
  try {
    for (const property of properties) {
      const verdict = await runOne(property, hosts, { ...settings, shrink: false });
      if (verdict.status !== "passed") failed.push(verdict);
    }
  } finally {
    await hosts.subject.close();
    await hosts.reference.close();
  }
  return failed;
}
