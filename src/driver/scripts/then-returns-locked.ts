// thenReturnsLocked: a generic thenable whose `then` fulfils with `text` and returns a locked
// native promise (its constructor or species lookup throws and cannot be undone, as in
// ./promise-lookup-throws). What a custom then returns is observed at once, and a locked
// promise there is CONTEXT_ASYNC_VALUE_UNOBSERVABLE (contract §7 step 5), although the
// thenable itself delivered text.
import type { Json } from "../../scenario/data";
import { ScenarioError } from "../scenario-error";
import { lockedByThrowingLookup } from "./promise-lookup-throws";
import type { ScriptKind } from "./registry";
import { countedThenable } from "./thenables";

export const thenReturnsLockedScript: ScriptKind = {
  kind: "thenReturnsLocked",
  validate(script) {
    if (script.where !== "ownConstructor" && script.where !== "inheritedSpecies") throw new ScenarioError("thenReturnsLocked needs `where` ownConstructor or inheritedSpecies");
    if (typeof script.text !== "string") throw new ScenarioError("thenReturnsLocked needs a string `text`");
  },
  invoke(script, ctx) {
    return countedThenable(ctx, "returnsLocked", (r) => {
      const locked = lockedByThrowingLookup(ctx, script.where, "inner");
      ctx.settling();
      r.fulfil(script.text as Json);
      return locked;
    });
  },
};
