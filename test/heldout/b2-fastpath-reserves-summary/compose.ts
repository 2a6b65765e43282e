// One mistake (rewrite of compactContext's fast-path test): the context is returned unchanged only when units(context) + summaryMaxUnits
// <= maxUnits, so a context within maxUnits is compacted.
import { maker } from "../_kit/assemble";
import { fastPathReservesSummary } from "../_kit/b2a";

export const make = maker({ "fastpath-reserves-summary": fastPathReservesSummary });
