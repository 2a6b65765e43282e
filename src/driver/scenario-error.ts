// A scenario the driver cannot materialize (a harness bug, not a subject failure). Reported
// as outcome "crash" with a "driver:" reason, so it reaches the report instead of a stack trace.
export class ScenarioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScenarioError";
  }
}

/** The subject lacks what the scenario needs (an export missing or not a function). */
export class UnusableSubjectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnusableSubjectError";
  }
}
