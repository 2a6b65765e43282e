import * as pi from "@mariozechner/pi-coding-agent";
import { piCutPointAdapter } from "./pi-cut-point";

// pi's compaction cut as @mariozechner/pi-coding-agent publishes it (to 0.73; pi-cut-point.ts).
export const piCompaction = piCutPointAdapter("pi-compaction", "@mariozechner/pi-coding-agent", pi);
