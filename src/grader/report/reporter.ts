import type { GradeResult, PropertyResult } from "../result";

// One interface of optional hooks; each reporter lives in its own file and is registered in
// report/index.ts. Hooks may be async (file writers); the grader awaits them in order.

export interface GradeStart {
  readonly submission: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly properties: readonly { readonly id: string; readonly title: string; readonly maxPoints: number }[];
  readonly isolation: readonly string[];
}

export interface Reporter {
  onGradeStart?(start: GradeStart): void | Promise<void>;
  onPropertyStart?(property: { readonly id: string; readonly title: string }): void;
  /** One generated case was checked (for progress). */
  onCase?(propertyId: string): void;
  onPropertyEnd?(result: PropertyResult): void;
  onGradeEnd?(grade: GradeResult): void | Promise<void>;
}
