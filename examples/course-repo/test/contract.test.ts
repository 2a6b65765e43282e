// Every property of compaction-check against this repository's src/index.ts, one vitest test
// each, graded like `npx compaction-check grade .` (same seed, same verdicts, same replay lines).
import { contractSuite } from "compaction-check/vitest";

contractSuite(() => import("../src/index"));
