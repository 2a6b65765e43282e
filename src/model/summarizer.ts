import type { Json } from "../scenario/data";
import type { AbortPoint, SummarizerScript } from "../scenario/scenario";
import { settleAsyncScript } from "./async-scripts";
import { CODE, LIMIT } from "./limits";
import type { Settled } from "./shapes";

export type { Settled } from "./shapes";

const failed: Settled = { kind: "fails", codes: [CODE.summarizerFailed] };
const cancelled: Settled = { kind: "fails", codes: [CODE.cancelled] };
/** The abort came before the failure could be observed as one: the contract orders neither first. */
const cancelledOrFailed: Settled = { kind: "fails", codes: [CODE.cancelled, CODE.summarizerFailed] };

/**
 * `abort` is the scenario's AbortPoint when a controller signal is in force, else "none".
 * Semantics as documented in src/scenario/scenario.ts.
 */
export function settleScript(script: SummarizerScript, abort: AbortPoint): Settled {
  const aborting = abort === "inSummarizer" || abort === "whilePending" || abort === "atSettlement";
  switch (script.kind) {
    case "text":
    case "value":
    case "thenableChain": {
      const deep = script.kind === "thenableChain" && ((script as { [field: string]: Json })["depth"] as number) > LIMIT.asyncDepth;
      const fields = script as { [field: string]: Json };
      const value = script.kind === "value" ? fields["value"]! : fields["text"]!;
      if (!aborting) return deep ? failed : { kind: "value", value };
      // An abort while waiting wins; at settlement or inside the call it may race the failure.
      return deep && abort !== "whilePending" ? cancelledOrFailed : cancelled;
    }
    case "throw":
      // A synchronous throw is step 4; an abort just before it is only observable at step 5.
      return aborting ? cancelledOrFailed : failed;
    case "reject":
      if (abort === "inSummarizer") return cancelledOrFailed;
      return aborting ? cancelled : failed;
    case "never":
      if (abort === "inSummarizer" || abort === "whilePending") return cancelled;
      throw new Error(`model: script "never" with abort "${abort}" never settles (no expected outcome)`);
    default: {
      const hostile = settleAsyncScript(script, abort);
      if (hostile !== null) return hostile;
      throw new Error(`model: summarizer script kind "${script.kind}" is not modelled`);
    }
  }
}
