import { trimMessages, type BaseMessage } from "@langchain/core/messages";
import fc from "fast-check";
import { defineAdapter } from "../adapter";
import { approximateTokens, fromLangChainMessage, toLangChain } from "./langchain-messages";

// @langchain/core trimMessages (dist/messages/transformers.d.ts). Its JS docs promise a result
// "below a token count" and describe startOn/endOn/includeSystem; they say nothing about keeping
// a tool call with its results, so the pairing properties run as "not promised".

type TrimOptions = {
  maxTokens: number;
  strategy: "first" | "last";
  allowPartial: boolean;
  includeSystem?: boolean;
  startOn?: "human" | ("human" | "tool")[];
  endOn?: "human" | "ai" | ("human" | "tool")[];
  blocks: boolean;
};

const typeList = fc.constantFrom<"human" | ("human" | "tool")[]>("human", ["human", "tool"]);
const common = { maxTokens: fc.integer({ min: 0, max: 60 }), allowPartial: fc.boolean(), blocks: fc.boolean() };
const endOn = fc.option(fc.constantFrom<TrimOptions["endOn"]>("human", "ai", ["human", "tool"]), { nil: undefined });
const options: fc.Arbitrary<TrimOptions> = fc.oneof(
  fc.record({ ...common, strategy: fc.constant("first" as const), endOn }, { requiredKeys: ["maxTokens", "allowPartial", "blocks", "strategy"] }),
  fc.record(
    { ...common, strategy: fc.constant("last" as const), includeSystem: fc.boolean(), startOn: fc.option(typeList, { nil: undefined }), endOn },
    { requiredKeys: ["maxTokens", "allowPartial", "blocks", "strategy"] },
  ),
);

const pairingDocs = "not promised: the JS docs of trimMessages never mention tool calls; startOn/endOn are the documented way to shape the result";

export const langchainTrim = defineAdapter({
  name: "langchain-trim",
  subject: "trimMessages",
  library: "@langchain/core",
  form: "subsequence",
  shapes: ["system", "parallel"],
  options,
  properties: {
    "output.well-formed": { claim: "documented", docs: "@returns An array of trimmed `BaseMessage`s" },
    "output.kept-in-order": { claim: "documented", docs: "trims: keeps the first or last messages; allowPartial may split one message, never repeat it" },
    "output.kept-unchanged": {
      claim: "documented",
      docs: "allowPartial: if strategy \"last\" then the last partial contents of a message are included, if \"first\" the first; otherwise messages are kept whole",
    },
    "pairing.result-has-call": { claim: "not-promised", docs: pairingDocs },
    "pairing.call-has-results": { claim: "not-promised", docs: pairingDocs },
    "input.not-mutated": { claim: "documented", docs: "@param messages Array of `BaseMessage` instances to trim: returns a new array; nothing says it edits the caller's messages" },
    "output.deterministic": { claim: "documented", docs: "a pure transformation of messages with a pure counter" },
    "budget.respected": { claim: "documented", docs: "Trim messages to be below a token count; maxTokens: Max token count of trimmed messages" },
  },
  partial: (o: TrimOptions) => (!o.allowPartial ? undefined : o.strategy === "first" ? "prefix" : "suffix"),
  toLibrary: (transcript, o: TrimOptions) => toLangChain(transcript, o.blocks),
  run: (messages: BaseMessage[], o: TrimOptions) => {
    const { blocks: _blocks, ...rest } = o;
    return trimMessages(messages, { ...rest, tokenCounter: approximateTokens });
  },
  fromLibrary: (output: BaseMessage[]) => output.map(fromLangChainMessage),
  budget: (output: BaseMessage[], _input: BaseMessage[], o: TrimOptions) => ({ used: approximateTokens(output), limit: o.maxTokens }),
});
