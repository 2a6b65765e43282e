// Five mistakes in five criteria (wrappers): units one too many, a lone assistant labelled a
// toolRound, the fast path consulting the signal, an unhandled rejection on failure, and a
// Proxy trap's exception escaping.
import { maker } from "../_kit/assemble";
import { make as plusOne } from "../units-plus-one/compose";
import { make as kind } from "../groups-kind-assistant/compose";
import { make as fastSignal } from "../fastpath-reads-signal/compose";
import { make as unhandled } from "../unhandled-on-failure/compose";
import { make as trap } from "../trap-escapes/compose";

export const make = maker({ ...trap.defs, ...plusOne.defs, ...kind.defs, ...fastSignal.defs, ...unhandled.defs });
