import type { Host } from "../scenario/host";
import type { CheckInput, PropertyDefinition, Verdict } from "../scenario/property";
import type { Tampering } from "./child-host";

// Grader policy on top of every property, whatever its own check says: a call that crashed
// (other than a prebuilt context failing to build, which the property judges) or did not
// settle fails, a thrown value that is not a ContextCompactionError or an unhandled rejection
// fails, and nothing observed after global tampering counts as a pass.

export interface TamperSource {
  readonly tampering: Tampering | null;
}

export function guardProperty(def: PropertyDefinition, tamper: TamperSource | null): PropertyDefinition {
  const check = (input: CheckInput): Verdict => {
    const outcome = input.observation.outcome;
    // A prebuilt context that failed to build is reported as a crash with its setupError; the
    // property judges that one (the expected answer may be exactly that error).
    if (outcome.kind === "crash" && input.observation.setupError === null) return { ok: false, message: `the subject crashed: ${outcome.reason}` };
    if (outcome.kind === "timeout") return { ok: false, message: `the call did not settle within ${outcome.afterMs} ms` };
    if (tamper?.tampering) return { ok: false, message: `global tampering: ${tamper.tampering.message}` };
    // Two contract rules that hold for every call of every export, so a property about something
    // else cannot be earned by a subject that breaks them (e.g. one that only ever throws).
    if (outcome.kind === "threw" && !outcome.error.isContextCompactionError) {
      const { typeOf, name, code } = outcome.error;
      return { ok: false, message: `contract §1: every failure is a ContextCompactionError; observed a thrown ${typeOf} (name ${JSON.stringify(name)}, code ${JSON.stringify(code)})` };
    }
    if (input.observation.unhandledRejections > 0) return { ok: false, message: `${input.observation.unhandledRejections} unhandled rejection(s) reached the process during the call (contract §7 step 5)` };
    return def.check(input);
  };
  return { ...def, check };
}

export function tamperSourceOf(host: Host | null): TamperSource | null {
  return host !== null && "tampering" in host ? (host as unknown as TamperSource) : null;
}
