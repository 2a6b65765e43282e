import * as pi from "pi-coding-agent-0.85.0";
import { piCutPointAdapter } from "../../src/adapters/builtin/pi-cut-point";

// The built-in earendil-pi-compaction on @earendil-works/pi-coding-agent 0.85.0 (installed under
// the npm alias pi-coding-agent-0.85.0 next to the newest): docs/audits.md audits both versions.
export default piCutPointAdapter("earendil-pi-compaction", "pi-coding-agent-0.85.0", pi);
