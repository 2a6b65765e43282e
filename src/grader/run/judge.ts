import type { CheckInput, PropertyDefinition, Verdict } from "../../scenario/property";

// Rules that hold for every call of every export, applied before any property's own check so
// that a property about something else cannot be earned by a subject that breaks them (one
// that only ever throws, hangs or crashes). One place, used by every run: npm test, the kill
// matrix, grading, fuzzing and replay, so their verdicts agree.

export function judge(def: PropertyDefinition, input: CheckInput): Verdict {
  const { outcome, setupError, unhandledRejections } = input.observation;
  // A prebuilt context that failed to build may be reported as a crash carrying its setupError;
  // the property judges that one (the expected answer may be exactly that error).
  if (outcome.kind === "crash" && setupError === null) return { ok: false, message: `expected the call to return or throw; observed a crash: ${outcome.reason}` };
  if (outcome.kind === "timeout") return { ok: false, message: `expected the call to settle; observed no settlement within ${outcome.afterMs} ms` };
  if (outcome.kind === "threw" && !outcome.error.isContextCompactionError) {
    const { typeOf, name, code } = outcome.error;
    return {
      ok: false,
      message: `expected every failure to be a ContextCompactionError (contract §1); observed a thrown ${typeOf} (name ${JSON.stringify(name)}, code ${JSON.stringify(code)})`,
    };
  }
  if (unhandledRejections > 0) {
    return { ok: false, message: `expected no unhandled rejection (contract §7 step 5); observed ${unhandledRejections} during the call` };
  }
  return def.check(input);
}
