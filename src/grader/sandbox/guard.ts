import type { Host } from "../../scenario/host";
import type { CheckInput, PropertyDefinition, Verdict } from "../../scenario/property";
import type { Tampering } from "./child-host";

// Grader policy on top of every property: nothing observed after global tampering counts as a
// pass. (The rules that hold for every call — crash, timeout, foreign errors, unhandled
// rejections — are applied by every run, see run/judge.ts.)

export interface TamperSource {
  readonly tampering: Tampering | null;
}

export function guardProperty(def: PropertyDefinition, tamper: TamperSource | null): PropertyDefinition {
  if (tamper === null) return def;
  const check = (input: CheckInput): Verdict => {
    if (tamper.tampering) return { ok: false, message: `global tampering: ${tamper.tampering.message}` };
    return def.check(input);
  };
  return { ...def, check };
}

export function tamperSourceOf(host: Host | null): TamperSource | null {
  return host !== null && "tampering" in host ? (host as unknown as TamperSource) : null;
}
