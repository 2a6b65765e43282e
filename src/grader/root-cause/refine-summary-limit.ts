import { acceptedOutcomes, type Expected } from "../../scenario/expected";
import type { Observation } from "../../scenario/observation";
import type { Scenario } from "../../scenario/scenario";
import { CODE } from "../../model/limits";
import { answeredRight, contractOf } from "./accepts";
import type { UpstreamProbe } from "./probe";
import { roomy, x } from "./roomy";
import type { Signature } from "./signature-type";

// A compaction refused with CONTEXT_LIMIT_EXCEEDED where the contract compacts may be step 6's
// limit of the summary (65536 code points of its text) measured on something else than the text
// (its units, with the id and the base): the refusal then turns on the summary's size, not on the
// new context's. Asked as Hypothesis's explain phase does, with one part changed: the same call
// with the summary's text and id one code point each is answered right (the refusal is the
// summary's), and a summary of exactly 65536 code points, on a context with room for it (the
// summary battery's question), is refused too (the limit is the summary's own, taken otherwise).

/** step6.tooLong when the refusal is the summary's own limit taken otherwise; null when it is not, or cannot be asked. */
export async function summaryLimitOtherwise(scenario: Scenario, observation: Observation, contract: Expected, probe: UpstreamProbe): Promise<Signature | null> {
  const op = scenario.operation;
  const outcome = observation.outcome;
  if (op.kind !== "compact" || (scenario.decorations ?? []).length > 0 || op.summarizer.kind !== "text") return null;
  if (outcome.kind !== "threw" || !outcome.error.isContextCompactionError || outcome.error.code !== CODE.limitExceeded) return null;
  if (!acceptedOutcomes(contract).every((e) => e.kind === "returns")) return null;
  const options = op.options;
  if (options === null || typeof options !== "object" || Array.isArray(options) || typeof options.summaryId !== "string") return null;
  const ids = JSON.stringify(op.context);
  const short = ["s", "t", "u", "v"].find((id) => !ids.includes(`"${id}"`) && options.recordId !== id);
  if (short === undefined) return null;
  const small: Scenario = { ...scenario, operation: { ...op, summarizer: { ...op.summarizer, text: "x" } as never, options: { ...options, summaryId: short } } };
  if (!(await answeredRight(small, probe))) return null;
  const edge = roomy({ kind: "text", text: x(65_536), delivery: "sync" });
  const edgeWant = contractOf(edge);
  const edgeAnswer = edgeWant === null ? undefined : await probe.observe(edge);
  if (edgeWant === null || edgeAnswer === undefined || edgeAnswer.outcome.kind !== "threw" || edgeAnswer.outcome.error.code !== CODE.limitExceeded) return null;
  return {
    key: "step6.tooLong rejects with CONTEXT_LIMIT_EXCEEDED",
    rule: "step6.tooLong",
    question: "compactContext of two messages of 40,000 units with room for the summary, summarizer returning \"x\" × 65536",
    subject: "rejects with CONTEXT_LIMIT_EXCEEDED",
    contract: "returns (65536 code points are within the limit)",
  };
}
