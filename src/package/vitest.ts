// The public face of `compaction-check/vitest`.
import { contractSuite } from "./contract-suite";

export type { ContractSuiteOptions, SubjectLoader } from "./contract-suite";
export { contractSuite };
