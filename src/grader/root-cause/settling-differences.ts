import type { SettlingQuestion } from "../../model/upstream";
import type { Json } from "../../scenario/data";
import { value } from "../report/notation";
import { outcomeAccepted } from "./accepts";
import { acceptedText, answerObservation, answerText } from "./answers";
import type { UpstreamProbe } from "./probe";
import type { Difference } from "./recheck";
import { contractSettling } from "./settling";

/** The subject's settling answers (./settling) that the contract does not accept, among the questions asked. */
export function settlingDifferences(probe: UpstreamProbe, asked: ReadonlyMap<string, SettlingQuestion>): Difference[] {
  const out: Difference[] = [];
  for (const [key, question] of asked) {
    const subject = probe.settlingOutcomes.get(key);
    const contract = contractSettling(question);
    if (subject === undefined || contract === null || outcomeAccepted(answerObservation(subject), contract)) continue;
    out.push({ layer: "async", question: settlingQuestionText(question), subject: answerText(subject), contract: acceptedText(contract) });
  }
  return out;
}

/** The layer's question, in a report. */
export function settlingQuestionText(question: SettlingQuestion): string {
  const signal = question.signal === "none" ? "no signal" : question.abort === "none" ? `a ${question.signal} signal never aborted` : `a ${question.signal} signal aborted ${question.abort}`;
  return `compactContext of 1 message that needs compaction, summarizer ${value(question.script as Json, 160)}, ${signal}`;
}
