// One mistake (wrapper): the student applies the non-empty rule of ids to a user message's
// content too, so a user message whose content is "" (or only whitespace) is refused with
// CONTEXT_INVALID_TRANSCRIPT; the contract lets user content be empty.
import { maker } from "../_kit/assemble";
import { contractError } from "../_kit/impl";
import { checkBuilt } from "../_kit/layers";

function refuseBlankUser(messages: readonly unknown[]): void {
  for (const m of messages as { role: string; content: unknown }[]) {
    if (m.role === "user" && (m.content as string).trim().length === 0) throw contractError("CONTEXT_INVALID_TRANSCRIPT", "user content is empty");
  }
}

export const make = maker({
  "blank-user-content-refused": { layer: (base) => checkBuilt(base, refuseBlankUser) },
});
