// Summarizer scripts are named data (src/scenario/scenario.ts `SummarizerScript`); each kind
// lives in its own file and is listed in ./index.ts, so issue 4 adds hostile async scripts by
// adding files. A kind turns its data into what one summarizer call returns (or throws).
import type { Json } from "../../scenario/data";
import type { SummarizerScript } from "../../scenario/scenario";
import { MapCtor, safeMapGet, safeMapHas, safeMapSet } from "../intrinsics";
import type { HostileCounters } from "../hostile-counters";
import { ScenarioError } from "../scenario-error";
import { validateCallable } from "./callable";
import { dressOf, type DressParts, type PromiseDress } from "./promise-dress";

export interface ScriptContext {
  /**
   * Scripts call this synchronously just before their value settles (returned sync value,
   * promise resolution or rejection, last thenable delivering): abort point "atSettlement".
   */
  settling(): void;
  readonly counters: HostileCounters;
  /** Scenario data → a fresh live value (Special tags decoded). */
  materialize(value: Json): unknown;
  /**
   * True when the driver, not the subject, adopts the script's value (abort point
   * "whilePending" forwards it into a promise the driver owns): a script then marks its own
   * side promises handled and does not count the engine's calls as the subject's (issue 4).
   */
  readonly driverAdopts?: boolean;
  /** The subject's export `name` (undefined when missing), for scripts that need its class (issue 4). */
  subjectExport?(name: string): unknown;
  /** How the script dresses the native promises it hands out (./promise-dress), if at all. */
  readonly dress?: PromiseDress;
}

/** A script seen field by field (each kind validates the fields it reads). */
export type ScriptData = { readonly kind: string; readonly [field: string]: unknown };

export interface ScriptKind {
  readonly kind: string;
  /** Throws ScenarioError for malformed script data, before anything is called. */
  validate(script: ScriptData): void;
  /** One summarizer call: the value it returns, or it throws. */
  invoke(script: ScriptData, ctx: ScriptContext): unknown;
  /** Which parts of a `dress` (./promise-dress) the kind's native promises take; none when absent. */
  readonly dress?: DressParts;
}

export interface ScriptRegistry {
  kindOf(script: SummarizerScript): ScriptKind;
}

/** The script's dress, checked against its kind (undefined when it has none). */
export function scriptDress(script: SummarizerScript, kind: ScriptKind): PromiseDress | undefined {
  return dressOf(script as ScriptData, kind.dress);
}

export function createScriptRegistry(kinds: readonly ScriptKind[]): ScriptRegistry {
  const byKind = new MapCtor<string, ScriptKind>();
  for (let i = 0; i < kinds.length; i++) {
    if (safeMapHas(byKind, kinds[i].kind)) throw new Error(`script kind ${kinds[i].kind} registered twice`);
    safeMapSet(byKind, kinds[i].kind, kinds[i]);
  }
  return {
    kindOf(script) {
      const kind = safeMapGet(byKind, script.kind);
      if (kind === undefined) throw new ScenarioError(`unknown summarizer script kind ${script.kind}`);
      kind.validate(script as ScriptData);
      validateCallable(script as ScriptData);
      scriptDress(script, kind);
      return kind;
    },
  };
}
