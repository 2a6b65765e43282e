// Two async-observation mistakes in the student's awaiting: the depth limit taken from
// MAX_CONTEXT_DEPTH (32, the depth of tool-call arguments) instead of MAX_CONTEXT_ASYNC_DEPTH (64);
// a thenable that a custom then returns chained to that then's resolvers, so its delivery becomes
// the outer thenable's.
import { flagMaker } from "../_kit/s19";
import type { AsyncFlags } from "../_kit/async-loop";
import { awaitMistake24 } from "../_kit/s24";

export const make = flagMaker<AsyncFlags>(
  { "async-depth-limit-32": "asyncDepthIsJsonDepth", "then-return-adopted-as-delivery": "thenReturnAdoptedAsDelivery" },
  (flags) => [awaitMistake24(flags)],
);
