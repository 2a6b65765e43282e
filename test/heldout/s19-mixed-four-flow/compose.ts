// Four mistakes in four criteria, a student's rewrite of their units module and of the flow
// around compactContext and selectCompactionBoundary: J(array) without its base 2; the shared
// options reader consults the signal in selectCompactionBoundary too; no boundary resolves the
// context unchanged; the compacted context is a copy the module does not know as its own.
import { maker } from "../_kit/assemble";
import { boundaryConsultsSignal, newContextNotRegistered, noBoundaryResolvesUnchanged, unitsMistake19 } from "../_kit/s19";

export const make = maker({
  "array-base-missing": unitsMistake19({ arrayBaseMissing: true }),
  "boundary-consults-signal": boundaryConsultsSignal,
  "no-boundary-resolves-unchanged": noBoundaryResolvesUnchanged,
  "new-context-not-registered": newContextNotRegistered,
});
