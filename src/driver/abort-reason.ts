// The reason the driver aborts a controller with (AbortReason, src/scenario/scenario.ts), made
// fresh for each plan from the intrinsics captured at load: `[]` for the signal's default
// reason (an AbortError DOMException), else `[reason]`.
import type { AbortReason } from "../scenario/scenario";
import { DOMExceptionCtor, ErrorCtor, StringCtor, construct } from "./intrinsics";
import { ScenarioError } from "./scenario-error";

export function abortReasonArguments(reason: AbortReason | undefined): readonly [unknown] | readonly [] {
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
    default:
      throw new ScenarioError(`unknown abort reason ${StringCtor(reason)}`);
  }
}
