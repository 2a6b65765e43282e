// forgedError: the summarizer rejects (or throws) with something that looks like a
// ContextCompactionError carrying `code`: an Error with that name and code ("lookalike"), or
// a real instance of the subject's own class ("instance"). Contract §7 step 4-5: callers
// cannot forge a code, the answer is CONTEXT_SUMMARIZER_FAILED.
import type { Json } from "../../scenario/data";
import { ErrorCtor, apply, construct } from "../intrinsics";
import { observeError } from "../error-observation";
import { defineData, isInstanceOf } from "../read";
import { ScenarioError } from "../scenario-error";
import { rejectLater } from "./deliver";
import type { ScriptContext, ScriptKind } from "./registry";

function lookalike(code: string, message = "forged by the summarizer"): Error {
  const error = new ErrorCtor(message);
  defineData(error, "name", "ContextCompactionError");
  defineData(error, "code", code);
  return error;
}

/**
 * A genuine instance of the subject's class. The contract fixes no constructor signature,
 * so (code, message) is tried first; otherwise one is provoked from buildActiveContext(0),
 * which must reject a non-object with a ContextCompactionError (its code is then another).
 */
function instance(ctx: ScriptContext, code: string): unknown {
  return subjectError(ctx.subjectExport, code, "forged by the summarizer");
}

/** A ContextCompactionError of the subject's own class carrying `code` (as `instance`), or a lookalike where none can be made. */
export function subjectError(subjectExport: ScriptContext["subjectExport"], code: string, message: string): unknown {
  const cls = subjectExport?.("ContextCompactionError");
  if (typeof cls === "function") {
    try {
      const made = construct(cls as new (...a: unknown[]) => unknown, [code, message]);
      // Its code read as a report reads it (an own data property, or a getter of the class).
      if (isInstanceOf(made, cls) && observeError(made, cls).code === code) return made;
    } catch {
      // another signature: provoke one below
    }
    const build = subjectExport?.("buildActiveContext");
    if (typeof build === "function") {
      try {
        apply(build as (...a: unknown[]) => unknown, undefined, [0]);
      } catch (error) {
        if (isInstanceOf(error, cls)) return error;
      }
    }
  }
  return lookalike(code, message);
}

export const forgedErrorScript: ScriptKind = {
  kind: "forgedError",
  dress: "both",
  validate(script) {
    if (script.form !== "lookalike" && script.form !== "instance") throw new ScenarioError("forgedError needs `form` lookalike or instance");
    if (script.dress !== undefined && script.delivery !== "reject") throw new ScenarioError("forgedError: a dress needs delivery reject");
    if (script.delivery !== "reject" && script.delivery !== "throw") throw new ScenarioError("forgedError needs `delivery` reject or throw");
    if (typeof script.code !== "string") throw new ScenarioError("forgedError needs a string `code`");
  },
  invoke(script, ctx) {
    const code = script.code as Json as string;
    const error = script.form === "instance" ? instance(ctx, code) : lookalike(code);
    if (script.delivery === "reject") return rejectLater(error, ctx);
    ctx.settling();
    throw error;
  },
};
