// thenableTwice: an inner thenable reached twice. The contract (§7 step 5) wants a thenable
// reached twice called once, and a thenable cycle to fail with CONTEXT_SUMMARIZER_FAILED.
// - deliveredTwice: the outer `then` delivers the inner thenable twice; the inner delivers
//   `text` (resolvers act once: the answer is the text, the inner then is called once).
// - deliveredAndReturned: the outer `then` delivers the inner thenable and returns it; what a then
//   returns is observed at once, and its settlement reused when it is delivered (the text, the
//   inner then called once; a thenable reached twice is no cycle).
// - selfCycle: the inner thenable delivers itself; twoCycle: a delivers b, b delivers a.
// A thenable called again (a subject that follows the cycle) delivers `text`, so such a
// subject ends with a wrong success instead of looping forever; then.repeat counts it.
import type { Json } from "../../scenario/data";
import { ScenarioError } from "../scenario-error";
import type { ScriptContext, ScriptKind } from "./registry";
import { countedThenable } from "./thenables";

const SHAPES = ["deliveredTwice", "selfCycle", "twoCycle", "deliveredAndReturned"];

/** The outer then delivers the inner thenable twice, or (`returned`) once and returns it; the inner delivers `text`. */
function reachedTwice(ctx: ScriptContext, text: Json, returned: boolean): object {
  const inner = countedThenable(ctx, "inner", (r) => {
    ctx.settling();
    r.fulfil(text);
  });
  return countedThenable(ctx, "outer", (r) => {
    r.fulfil(inner);
    if (returned) return inner;
    r.fulfil(inner);
    return undefined;
  });
}

function selfCycle(ctx: ScriptContext, text: Json): object {
  const inner: object = countedThenable(ctx, "inner", (r, call) => {
    if (call > 1) return r.fulfil(text);
    ctx.settling();
    r.fulfil(inner);
  });
  return countedThenable(ctx, "outer", (r) => r.fulfil(inner));
}

function twoCycle(ctx: ScriptContext, text: Json): object {
  let b: object | null = null;
  const a: object = countedThenable(ctx, "a", (r, call) => (call > 1 ? r.fulfil(text) : r.fulfil(b)));
  b = countedThenable(ctx, "b", (r, call) => {
    if (call > 1) return r.fulfil(text);
    ctx.settling();
    r.fulfil(a);
  });
  return a;
}

export const thenableTwiceScript: ScriptKind = {
  kind: "thenableTwice",
  validate(script) {
    if (typeof script.shape !== "string" || !SHAPES.includes(script.shape)) {
      throw new ScenarioError(`thenableTwice needs \`shape\` deliveredTwice, deliveredAndReturned, selfCycle or twoCycle`);
    }
    if (typeof script.text !== "string") throw new ScenarioError("thenableTwice needs a string `text`");
  },
  invoke(script, ctx) {
    const text = script.text as Json;
    if (script.shape === "deliveredTwice" || script.shape === "deliveredAndReturned") return reachedTwice(ctx, text, script.shape === "deliveredAndReturned");
    return script.shape === "selfCycle" ? selfCycle(ctx, text) : twoCycle(ctx, text);
  },
};
