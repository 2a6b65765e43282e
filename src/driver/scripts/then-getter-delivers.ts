// thenGetterDelivers: the summarizer returns an object whose `then` is an accessor (counting its
// reads) that gives a then delivering `text` (contract §7 step 5: "Read `then` once"; the text is
// the summary). A reader that tests for `then` and reads it again to call it reads it twice.
import type { Json } from "../../scenario/data";
import { reflectGet } from "../intrinsics";
import { ScenarioError } from "../scenario-error";
import type { ScriptKind } from "./registry";
import { countedThenable, thenAccessor } from "./thenables";

export const thenGetterDeliversScript: ScriptKind = {
  kind: "thenGetterDelivers",
  validate(script) {
    if (typeof script.text !== "string") throw new ScenarioError("thenGetterDelivers needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    const then = reflectGet(
      countedThenable(ctx, "getter", (r) => {
        ctx.settling();
        r.fulfil(text);
      }),
      "then",
    );
    return thenAccessor(ctx, () => then);
  },
};
