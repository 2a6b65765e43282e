// b4m-jon-wrapper-nullbudget-idcode-signalrelay: a student's guard layer over src/core with three
// planted mistakes (three criteria), each switchable. Its §8 choices are src/core's (no LATITUDE).
import { makerOf } from "../_kit/assemble";
import { reference } from "../_kit/impl";
import { PLANTED, guard } from "./guard";

export { PLANTED };

export const make = makerOf(PLANTED, (enabled) => guard(reference, enabled));
