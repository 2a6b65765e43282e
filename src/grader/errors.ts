// Expected errors of the grader: each has a stable `code` and a message that says what to do.
// The CLI prints them as a banner (no stack trace) and exits with 2; anything else is a bug.

export type GraderErrorCode =
  | "USAGE"
  | "SUBMISSION_NOT_FOUND"
  | "SUBMISSION_ENTRY_NOT_FOUND"
  | "SCENARIO_FILE_INVALID"
  | "UNKNOWN_PROPERTY"
  | "CHILD_ENTRY_BUILD_FAILED"
  | "UNKNOWN_ADAPTER"
  | "ADAPTER_INVALID"
  | "ADAPTER_LIBRARY_MISSING"
  | "GRADESCOPE_BUILD_FAILED"
  | "CLASS_NOT_FOUND"
  | "CLASS_EMPTY"
  | "CLASS_DUPLICATE_STUDENT"
  | "RUBRIC_INVALID"
  | "SCENARIO_FILE_OTHER_SUBMISSION";

export class GraderError extends Error {
  override readonly name = "GraderError";
  constructor(
    readonly code: GraderErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Identify expected errors by name and code, not instanceof: they may come through another module copy. */
export function isGraderError(error: unknown): error is GraderError {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "GraderError" &&
    typeof (error as { code?: unknown }).code === "string"
  );
}

/** A one-line description of any thrown value, also a non-Error one, never throwing itself. */
export function describeThrown(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === "string") return `thrown string ${JSON.stringify(value.slice(0, 200))}`;
    return `thrown ${typeof value} ${String(value).slice(0, 200)}`;
  } catch {
    return `thrown ${typeof value} (not printable)`;
  }
}
