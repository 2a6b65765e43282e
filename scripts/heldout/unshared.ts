// The strictly held-out part of BLIND: implementations none of whose mistakes appears in a DEV
// implementation. The split (test/heldout/split.ts) is by implementation, and several-mistake
// implementations are composed of one-mistake ones (their compose.ts imports them): a DEV
// implementation with the mistake `units-plus-one` runs the very code of the BLIND one, so
// whoever tunes the analysis on DEV has seen that mistake. Rates are given for this part too.
import { HELDOUT, type Implementation } from "../../test/heldout/manifest";
import { isBlind, isBlind1 } from "../../test/heldout/split";

const DEV_MISTAKES = new Set(HELDOUT.filter((impl) => !isBlind(impl.id)).flatMap((impl) => impl.mistakes.map((m) => m.id)));

/** Whether `impl` is of the first BLIND set and shares no mistake with a DEV implementation. */
export function blindUnshared(impl: Implementation): boolean {
  return isBlind1(impl.id) && impl.mistakes.every((m) => !DEV_MISTAKES.has(m.id));
}
