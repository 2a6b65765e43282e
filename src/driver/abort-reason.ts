// The reason the driver aborts a controller with (AbortReason, src/scenario/scenario.ts), made
// fresh for each plan from the intrinsics captured at load: `[]` for the signal's default
// reason (an AbortError DOMException), else `[reason]`. "compactionError" is a
// ContextCompactionError of the subject's own class carrying CONTEXT_SUMMARIZER_FAILED (or a
// lookalike where the subject gives none): an abort is CONTEXT_CANCELLED whatever its reason says.
import type { AbortReason } from "../scenario/scenario";
import { DOMExceptionCtor, ErrorCtor, StringCtor, construct } from "./intrinsics";
import { ScenarioError } from "./scenario-error";
import { subjectError } from "./scripts/forged-error";
import type { ScriptContext } from "./scripts/registry";

export function abortReasonArguments(reason: AbortReason | undefined, subjectExport?: ScriptContext["subjectExport"]): readonly [unknown] | readonly [] {
  switch (reason) {
    case undefined:
    case "default":
      return [];
    case "error":
      return [construct(ErrorCtor, ["stopped by the caller"])];
    case "timeout":
      return [construct(DOMExceptionCtor, ["the caller's time ran out", "TimeoutError"])];
    case "text":
      return ["stopped by the caller"];
    case "compactionError":
      return [subjectError(subjectExport, "CONTEXT_SUMMARIZER_FAILED", "stopped by the caller")];
    default:
      throw new ScenarioError(`unknown abort reason ${StringCtor(reason)}`);
  }
}
