// End-of-campaign health checks, computed from per-property statistics only (so a merge of
// shard reports recomputes them over the summed numbers):
// - slow generator: fewer than `minGenerationRate` scenarios per second of pure generation
//   time (measured around the arbitrary's generate, apart from running the subject), which
//   starves the search whatever the subject's speed;
// - unreached classes: labels the property declares in `expectedLabels` that no generated
//   scenario carried, i.e. the generator never produced a case the property is meant to test.

export const DEFAULT_MIN_GENERATION_RATE = 50;
/** Below this many generated scenarios a rate is noise (JIT warm-up), not a finding. */
const MIN_SAMPLE = 100;

export interface PropertyStats {
  readonly id: string;
  /** Cases checked, corpus examples included. */
  readonly cases: number;
  readonly corpusCases: number;
  readonly generated: number;
  readonly generateMs: number;
  /** Wall time of this property's chunks (generation, subject, model, verdicts, shrinking). */
  readonly runMs: number;
  readonly labels: Readonly<Record<string, number>>;
  readonly expectedLabels?: readonly string[];
}

export interface HealthIssue {
  readonly propertyId: string;
  readonly kind: "slow-generator" | "unreached-labels";
  readonly message: string;
}

export function generationRate(stats: PropertyStats): number | null {
  return stats.generated === 0 || stats.generateMs <= 0 ? null : stats.generated / (stats.generateMs / 1000);
}

export function healthIssues(all: readonly PropertyStats[], minGenerationRate = DEFAULT_MIN_GENERATION_RATE): HealthIssue[] {
  const issues: HealthIssue[] = [];
  for (const stats of all) {
    const rate = generationRate(stats);
    if (rate !== null && stats.generated >= MIN_SAMPLE && rate < minGenerationRate) {
      issues.push({ propertyId: stats.id, kind: "slow-generator", message: `generates ${rate.toFixed(0)} scenarios/s (${(stats.generateMs / stats.generated).toFixed(1)} ms each), below ${minGenerationRate}/s` });
    }
    const unreached = (stats.expectedLabels ?? []).filter((label) => (stats.labels[label] ?? 0) === 0);
    if (unreached.length > 0) {
      issues.push({ propertyId: stats.id, kind: "unreached-labels", message: `no generated scenario (of ${stats.generated}) reached ${unreached.map((l) => JSON.stringify(l)).join(", ")}` });
    }
  }
  return issues;
}
