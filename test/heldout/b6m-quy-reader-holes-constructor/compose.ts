// b6m-quy-reader-holes-constructor: Quy's own snapshot reader in front of src/core, with two
// planted mistakes in one criterion, each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { PLANTED, reader } from "./reader";

export const make = makerOf(PLANTED, (enabled) => reader(enabled));
