import * as pi from "@earendil-works/pi-coding-agent";
import { piCutPointAdapter } from "../../src/adapters/builtin/pi-cut-point";

// pi's compaction cut as @earendil-works/pi-coding-agent publishes it (from 0.74; the pi SDK
// 0.85.0 the course compares itself with, and later): the same findCutPoint and docs as
// @mariozechner/pi-coding-agent's, audited by the same adapter (src/adapters/builtin/pi-cut-point.ts).
export const earendilPiCompaction = piCutPointAdapter("earendil-pi-compaction", "@earendil-works/pi-coding-agent", pi);
