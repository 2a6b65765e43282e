// thenableChain: `depth` generic (non-promise) thenables, each delivering the next from its
// `then`, the last delivering `text`. Depth 0 is the text itself, returned synchronously.
// The contract accepts 64 levels of adoption and rejects 65. Every `then` call is counted
// ("then.calls", "then.repeat" for a thenable called again; see ./thenables). With `inherit`
// ("class", "subclass" or "objectCreate"), every thenable of the chain inherits its then instead
// of holding it as an own property (depth 1 at least). With `nullPrototype: true`, no thenable
// of the chain has Object.prototype on its prototype chain (made with Object.create(null), or
// inheriting from a holder or class prototype that has none): still thenables (§7 step 5).
// With `sharedThen: true` (and `inherit`), the thenables all inherit one then, from one class,
// subclass or holder: distinct objects, each its own thenable, none a repeat (§7 step 5).
import type { Json } from "../../scenario/data";
import { numberIsSafeInteger } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { isInherit, thenableChain, type Inherit } from "./thenables";

export const thenableChainScript: ScriptKind = {
  kind: "thenableChain",
  validate(script) {
    const depth = script.depth;
    if (typeof depth !== "number" || !numberIsSafeInteger(depth) || depth < 0) {
      throw new ScenarioError("thenableChain needs a non-negative integer `depth`");
    }
    if (typeof script.text !== "string") throw new ScenarioError("thenableChain needs a string `text`");
    if (script.inherit !== undefined) {
      if (!isInherit(script.inherit)) throw new ScenarioError("thenableChain needs `inherit` absent, \"class\", \"subclass\" or \"objectCreate\"");
      if (depth === 0) throw new ScenarioError("thenableChain with `inherit` needs a `depth` of 1 at least");
    }
    if (script.sharedThen !== undefined) {
      if (script.sharedThen !== true) throw new ScenarioError("thenableChain needs `sharedThen` absent or true");
      if (script.inherit === undefined) throw new ScenarioError("thenableChain with `sharedThen` needs `inherit`");
    }
    if (script.nullPrototype !== undefined) {
      if (script.nullPrototype !== true) throw new ScenarioError("thenableChain needs `nullPrototype` absent or true");
      if (depth === 0) throw new ScenarioError("thenableChain with `nullPrototype` needs a `depth` of 1 at least");
    }
  },
  invoke(script, ctx) {
    const depth = script.depth as number;
    const text = script.text as Json;
    const last = (): Json => {
      ctx.settling();
      return text;
    };
    return depth === 0 ? last() : thenableChain(ctx, depth, last, true, script.inherit as Inherit | undefined, script.nullPrototype === true, script.sharedThen === true);
  },
};
