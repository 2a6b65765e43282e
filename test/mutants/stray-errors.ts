// The measures that run mutants in-process (scripts/root-causes.ts, scripts/kill-matrix.ts):
// a mutant may throw outside any call, in a microtask of its own (proxy-promise-then-called
// reads a trap that throws while it follows a promise), which in the sandbox is the child's
// crash and here would end the whole measure. Such an error is written to stderr with the
// mutant being measured, and the measure goes on (the case it belonged to ends by the driver's
// timeout, its property then fails as it would in a grade).

let current = "(none)";
let installed = false;

/** Names the mutant whose cases run from now on, and installs the handler once. */
export function measuringMutant(id: string): void {
  current = id;
  if (installed) return;
  installed = true;
  process.on("uncaughtException", (error) => {
    process.stderr.write(`${current}: an exception thrown outside any call (kept going): ${error instanceof Error ? error.message : String(error)}\n`);
  });
}
