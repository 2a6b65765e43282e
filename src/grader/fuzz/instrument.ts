import fc from "fast-check";
import type { Scenario } from "../../scenario/scenario";

// A transparent wrapper around a property's arbitrary: it generates, shrinks and reports
// exactly as the original (same random draws, so seeds stay reproducible), and on the side
// measures generation time and counts the scenario labels reached, for the health checks.

export interface GenerationStats {
  /** Scenarios generated (not counting shrink candidates or corpus examples). */
  generated: number;
  generateMs: number;
  readonly labels: Map<string, number>;
}

export function newGenerationStats(): GenerationStats {
  return { generated: 0, generateMs: 0, labels: new Map() };
}

class Instrumented extends fc.Arbitrary<Scenario> {
  constructor(
    private readonly inner: fc.Arbitrary<Scenario>,
    private readonly stats: GenerationStats,
    private readonly onScenario: ((scenario: Scenario) => void) | undefined,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<Scenario> {
    const started = performance.now();
    const value = this.inner.generate(mrng, biasFactor);
    this.stats.generateMs += performance.now() - started;
    this.stats.generated++;
    for (const label of value.value_.labels ?? []) this.stats.labels.set(label, (this.stats.labels.get(label) ?? 0) + 1);
    this.onScenario?.(value.value_);
    return value;
  }

  canShrinkWithoutContext(value: unknown): value is Scenario {
    return this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: Scenario, context: unknown): fc.Stream<fc.Value<Scenario>> {
    return this.inner.shrink(value, context);
  }
}

export function instrument(arbitrary: fc.Arbitrary<Scenario>, stats: GenerationStats, onScenario?: (scenario: Scenario) => void): fc.Arbitrary<Scenario> {
  return new Instrumented(arbitrary, stats, onScenario);
}
