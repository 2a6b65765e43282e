// Ivy's layer over src/core's exported selectCompactionBoundary and compactContext: she wanted a
// cut to be found whenever one exists, and the kept conversation to open at a user's turn. Each
// planted mistake is a flag; with none on, the layer is src/core.
import * as core from "../../../src/core/index";
import { hasCode } from "../_kit/impl";

export type Flags = ReadonlySet<string>;

/** The mistakes planted in this layer (index.ts switches both on). */
export const PLANTED = ["retain-dropped-when-no-cut", "cut-moved-to-user-turn"];

type Group = { startIndex: number; endIndex: number; messages: readonly { role: string }[] };

/** The retainRecentMessages of options src/core has already accepted. */
function retainOf(options: object): number {
  return Object.getOwnPropertyDescriptor(options, "retainRecentMessages")!.value as number;
}

/** The same options (prototype and fields), asking to retain `retain` messages. */
function retaining(options: object, retain: number): object {
  return Object.create(Object.getPrototypeOf(options), {
    ...Object.getOwnPropertyDescriptors(options),
    retainRecentMessages: { value: retain, writable: true, enumerable: true, configurable: true },
  });
}

/** The first cut at or after `cut` where a user message opens a group, if it leaves `retain` messages; else `cut`. */
function atUserTurn(input: unknown, cut: number, retain: number): number {
  const context = core.buildActiveContext(input as never);
  const latest = context.messages.length - retain;
  for (const group of core.groupToolRounds(context.messages) as readonly Group[]) {
    if (group.startIndex < cut) continue;
    if (group.messages[0].role !== "user") continue;
    return group.startIndex <= latest ? group.startIndex : cut;
  }
  return cut;
}

export function selectWith(flags: Flags) {
  return (input: unknown, options: unknown): number | null => {
    let used = options as object;
    let cut = core.selectCompactionBoundary(input as never, options as never);
    // [planted retain-dropped-when-no-cut] no cut keeps the recent messages: look again without keeping them
    if (cut === null && flags.has("retain-dropped-when-no-cut") && retainOf(used) > 0) {
      used = retaining(used, 0);
      cut = core.selectCompactionBoundary(input as never, used as never);
    }
    // [planted cut-moved-to-user-turn] the kept part should start with the user's turn
    if (cut !== null && flags.has("cut-moved-to-user-turn")) cut = atUserTurn(input, cut, retainOf(used));
    return cut;
  };
}

export function compactWith(flags: Flags) {
  return (input: unknown, options: unknown): Promise<unknown> => {
    const first = core.compactContext(input as never, options as never);
    if (!flags.has("retain-dropped-when-no-cut")) return first;
    // [planted retain-dropped-when-no-cut] no cut keeps the recent messages: compact again without keeping them
    return first.catch((error: unknown) => {
      if (hasCode(error, "CONTEXT_BOUNDARY_UNAVAILABLE") && retainOf(options as object) > 0) {
        return core.compactContext(input as never, retaining(options as object, 0) as never);
      }
      throw error;
    });
  };
}
