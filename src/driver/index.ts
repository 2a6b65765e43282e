// Public face of the driver: scenario → live values → Observation, and the value encoding
// every property and the model share.
import { deepEqualData, equalAsContractData } from "./deep-equal-data";
import { DEFAULT_TIMEOUT_MS, createDriver } from "./driver";
import { toData } from "./to-data";
import { frozenReport, ROOT_PATH } from "./frozen-report";
import { COUNTER } from "./hostile-counters";
import { decorationKinds } from "./decorations/index";
import { scriptKinds } from "./scripts/index";

export type { Driver, ObserveOptions } from "./driver";
export type { DecorationKind, DecorationContext, DecorationSite } from "./decorations/index";
export type { ScriptKind, ScriptContext } from "./scripts/index";
export { createDriver, DEFAULT_TIMEOUT_MS, toData, deepEqualData, equalAsContractData, frozenReport, ROOT_PATH, COUNTER, decorationKinds, scriptKinds };
