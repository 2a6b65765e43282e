// thenReturnsLocked: a generic thenable whose `then` fulfils with `text` and returns a value
// that cannot be observed: a locked native promise (its constructor or species lookup throws
// and cannot be undone, as in ./promise-lookup-throws), or a Proxy with forwarding traps
// around a native promise (`where: "proxy"`). What a custom then returns is observed at once,
// and such a value there is CONTEXT_ASYNC_VALUE_UNOBSERVABLE (contract §7 step 5), although
// the thenable itself delivered text.
//
// `order` (default 1): how many then calls deep the value is returned. At order 2 the first
// then returns a generic thenable (never delivered) whose own then returns the value: a
// "second-order" return, which the contract lets an implementation watch detached (§8: the
// text, or CONTEXT_ASYNC_VALUE_UNOBSERVABLE); order 3 adds one more such thenable. The inner
// thenables' thens are counted as "then.calls.returnsLocked" too.
import type { Json } from "../../scenario/data";
import { numberIsSafeInteger } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import { lockedByThrowingLookup } from "./promise-lookup-throws";
import { dressPromise } from "./promise-dress";
import { proxiedPromise } from "./proxy-promise";
import type { ScriptContext, ScriptData, ScriptKind } from "./registry";
import { countedThenable } from "./thenables";

const WHERE: readonly string[] = ["ownConstructor", "inheritedSpecies", "proxy"];
const MAX_ORDER = 3;

function unobservable(script: ScriptData, ctx: ScriptContext): unknown {
  if (script.where === "proxy") return proxiedPromise("inner", ctx);
  const locked = lockedByThrowingLookup(ctx, script.where, "inner");
  dressPromise(locked, ctx);
  return locked;
}

/** A thenable (never delivered, never settling) whose then returns what `inner` makes. */
function returning(ctx: ScriptContext, inner: () => unknown): object {
  return countedThenable(ctx, "returnsLocked", () => inner());
}

export const thenReturnsLockedScript: ScriptKind = {
  kind: "thenReturnsLocked",
  dress: "ownThen",
  validate(script) {
    if (!WHERE.includes(script.where as string)) throw new ScenarioError("thenReturnsLocked needs `where` ownConstructor, inheritedSpecies or proxy");
    if (typeof script.text !== "string") throw new ScenarioError("thenReturnsLocked needs a string `text`");
    const order = script.order;
    if (order !== undefined && (typeof order !== "number" || !numberIsSafeInteger(order) || order < 1 || order > MAX_ORDER)) {
      throw new ScenarioError(`thenReturnsLocked: \`order\` is an integer from 1 to ${MAX_ORDER}`);
    }
    if (script.dress !== undefined && script.where === "proxy") throw new ScenarioError("thenReturnsLocked: a Proxy's target takes no dress");
  },
  invoke(script, ctx) {
    const order = (script.order as number | undefined) ?? 1;
    let value: () => unknown = () => unobservable(script, ctx);
    for (let k = order; k > 1; k--) {
      const next = value;
      value = () => returning(ctx, next);
    }
    const first = value;
    return countedThenable(ctx, "returnsLocked", (r) => {
      const returned = first();
      ctx.settling();
      r.fulfil(script.text as Json);
      return returned;
    });
  },
};
