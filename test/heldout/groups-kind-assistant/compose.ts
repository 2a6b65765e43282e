// One mistake (wrapper): the student labels a group by the role of its first message, so an
// assistant message without tool calls, alone in its group, is a "toolRound" group instead of
// a "message" group.
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

type Group = { kind: string; startIndex: number; endIndex: number; messages: readonly { role: string }[] };

function layer(base: Impl): Impl {
  return {
    ...base,
    groupToolRounds: (transcript) =>
      Object.freeze(
        (base.groupToolRounds(transcript) as readonly Group[]).map((g) =>
          g.messages[0].role === "assistant" ? Object.freeze({ ...g, kind: "toolRound" }) : g,
        ),
      ),
  };
}

export const make = maker({ "assistant-group-kind": { layer } });
