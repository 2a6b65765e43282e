// Sol's third hand-in: src/core's compactContext with a layer of his own around it. The layer
// builds the caller's context first (so that it knows what the context held before), lets the
// reference compact it, and then "finishes" the compacted context before handing it back. The
// unchanged result and every failure pass through as the reference gives them. Each planted
// mistake is a flag.
import { buildActiveContext, compactContext as coreCompact } from "../../../src/core/index";

/** The mistakes planted here (index.ts switches them all on). */
export const PLANTED = ["summary-also-in-transcript", "previous-summary-kept-as-requirement", "suffix-from-latest"];

type Flags = ReadonlySet<string>;
type Item = { readonly id: string; readonly content: string };
type Context = {
  readonly requirements: readonly Item[];
  readonly summary: Item | null;
  readonly messages: readonly unknown[];
  readonly compactions: readonly unknown[];
};
type Result = { readonly status: string; readonly context: Context; readonly record: unknown };

const Native = Promise;
const freeze = Object.freeze;

export function compactWith(flags: Flags) {
  return (input: unknown, options: unknown): Promise<unknown> => {
    let before: Context;
    try {
      before = buildActiveContext(input as never) as unknown as Context;
    } catch (error) {
      return Native.reject(error);
    }
    return coreCompact(before as never, options as never).then((result) => finishUp(flags, before, options, result as unknown as Result));
  };
}

/** The compacted context as Sol wants it handed on. */
function finishUp(flags: Flags, before: Context, options: unknown, result: Result): Result {
  if (result.status !== "compacted") return result;
  const after = result.context;
  let requirements = after.requirements;
  let messages = after.messages;
  // [planted previous-summary-kept-as-requirement] what the replaced summary said must not be
  // lost: it becomes a requirement of the new context
  if (flags.has("previous-summary-kept-as-requirement") && before.summary !== null) {
    requirements = [...requirements, { id: before.summary.id, content: before.summary.content }];
  }
  // [planted suffix-from-latest] "the retained suffix": the new context keeps the recent messages
  // the caller asked to retain (the options were checked by the reference, so the field is data)
  if (flags.has("suffix-from-latest")) {
    const retain = (Object.getOwnPropertyDescriptor(options as object, "retainRecentMessages") as PropertyDescriptor).value as number;
    messages = before.messages.slice(before.messages.length - retain);
  }
  // [planted summary-also-in-transcript] the model reads the transcript, so the new summary is
  // also put in front of the kept messages, as a user message
  if (flags.has("summary-also-in-transcript") && after.summary !== null) {
    messages = [{ id: after.summary.id, role: "user", content: after.summary.content }, ...messages];
  }
  if (requirements === after.requirements && messages === after.messages) return result;
  const context = buildActiveContext({ requirements, summary: after.summary, messages, compactions: after.compactions } as never) as unknown as Context;
  return freeze({ status: "compacted", context, record: context.compactions[context.compactions.length - 1] });
}
