import type { UpstreamLayer } from "../../model/upstream";
import type { FactLayer } from "./facts";

// What each upstream root cause says to a student: the title names the mistake, the
// explanation says what the contract fixes and why so many properties fail with it.

export const LAYER_TEXT: Readonly<Record<UpstreamLayer | FactLayer, { readonly title: string; readonly explanation: string }>> = {
  build: {
    title: "Inputs are read, accepted or rejected differently from contract §3",
    explanation:
      "Every operation starts by building its input the way buildActiveContext does (§3): fields are read as data (no getter, setter or function of the caller runs; a Proxy is read through its traps), an input that breaks a rule is rejected with the rule's code as a ContextCompactionError, any other is accepted. Your submission reads or decides differently on some input (below, with its getters, proxies or prototypes when it has some). The properties listed fail only because of that: judged again with your own build taken as right (the same rejection, or your built context), they pass. Fix the validation first.",
  },
  options: {
    title: "Options are accepted or rejected differently from contract §6 and §7",
    explanation:
      "selectCompactionBoundary and compactContext check their options before anything else: targetUnits, summaryMaxUnits and retainRecentMessages (and maxUnits) must be safe integers in range (else CONTEXT_INVALID_BUDGET; a missing one is CONTEXT_INVALID_INPUT), summaryMaxUnits <= targetUnits <= maxUnits, summaryId and recordId non-blank strings, the summarizer a function, the signal absent or a genuine AbortSignal (else CONTEXT_INVALID_INPUT). Asked whether it accepts the options (below) with an empty context, your submission answers differently. Options are read as data like inputs: options that are not a plain object, or a field that is an accessor, are CONTEXT_INVALID_INPUT (§6). The properties listed pass when judged again with your own answer taken as right, or failed as it does: fix the options check first.",
  },
  units: {
    title: "Units are counted differently from contract §4",
    explanation:
      "Every budget decision rests on units: u(s) is the number of Unicode code points of s (an emoji or any other astral character is 1, a lone surrogate is 1), and each message costs a fixed base plus the units of its strings. Your estimateContextUnits counts some string differently (below). The properties listed fail only because of that: judged again with the expected answers computed from your own counts, they pass. Fix the count first.",
  },
  groups: {
    title: "Tool rounds are grouped differently from contract §5",
    explanation:
      "A tool round runs from an assistant message with tool calls through the last result of any of its calls, whatever stands in between (a user message, other calls); overlapping rounds merge. A cut is only allowed between groups, so a wrong group lets a cut separate a call from its result. Your groupToolRounds answers differently (below). The properties listed pass when judged again with your own groups: fix the grouping and they follow.",
  },
  boundary: {
    title: "The compaction boundary differs from contract §6",
    explanation:
      "selectCompactionBoundary must answer the earliest group end that keeps at most targetUnits (requirements + summaryMaxUnits reserved for the new summary + the kept messages) without cutting into the last retainRecentMessages messages, or null. Your boundary differs (below); compaction builds on it, so the properties listed pass when judged again with your own boundary.",
  },
  compaction: {
    title: "compactContext answers a plain compaction differently from contract §7",
    explanation:
      "Asked the plain question (your own built context, the same options, a summarizer that returns the same text at once, no signal), compactContext must take the fast path at or below maxUnits, reject before the summarizer as §7 step 3 lists, and otherwise validate the summary and build the new context and record as steps 6-8 say. Your answer differs (below). The properties listed, including those with asynchronous summarizers, signals or several steps, pass when judged again with your own answer to that plain question taken as right: fix the plain compaction first.",
  },
  async: {
    title: "The summarizer's value settles differently from contract §7 step 5",
    explanation:
      "After calling the summarizer, compactContext awaits its value while watching the signal (§7 step 5): a string delivered through promises or thenables (at most 64 levels) is the text; a rejection, a throwing then, a cycle or one level too many is CONTEXT_SUMMARIZER_FAILED (never a code the caller forged); a Proxy or a locked promise may be CONTEXT_ASYNC_VALUE_UNOBSERVABLE; an abort while waiting or seen at settlement is CONTEXT_CANCELLED. Asked how it settles the same summarizer with the same abort on a plain context that needs compaction (and compacting it right with a plain text summarizer), your compactContext answers differently (below). The properties listed pass when judged again with your own settling taken as right, or fail the same way on that plain question (a call that never settles, an error that is no ContextCompactionError, an unhandled rejection): fix how the value is awaited first.",
  },

  // Observed facts (./facts): each property listed passes when judged again with that one fact as the contract fixes it.
  "error-class": {
    title: "Failures are not thrown as ContextCompactionError (contract §1)",
    explanation:
      "Every failure the contract names is thrown (or rejected) as an instance of the exported ContextCompactionError, frozen, with the rule's code; a plain Error that carries the same code is not one. Your submission fails with another kind of error (below). The properties listed pass when judged again with the error's class taken as right: throw ContextCompactionError and they follow.",
  },
  freezing: {
    title: "Results are not deeply frozen (contract §1, §3, §7)",
    explanation:
      "Everything the operations return (a built context and everything in it, the groups, a compaction's result, context and record), the request handed to the summarizer and every error are frozen all the way down, and a built context stays so after any call. Your submission leaves a part mutable (below, the first mutable path). The properties listed pass when judged again with the frozen-ness taken as right: freeze every object you return, not only the outermost.",
  },
  identity: {
    title: "Returned objects are not the ones the contract names (contract §3, §7)",
    explanation:
      "Some results are the very objects the caller already holds: building a context this module built returns that very object (§3), compactContext's fast path (status \"unchanged\") returns the built context passed in, and result.record is the last element of the new context's compactions (§7). Your submission returns a copy or another object (below). The properties listed pass when judged again with those identities taken as right.",
  },
  input: {
    title: "The input is changed by a call (contract §7, atomicity)",
    explanation:
      "No operation changes its input, and a failed compaction leaves everything as it was: the caller's context, messages and records are the same data after the call. Your submission changes the input (below), e.g. appends a record or edits a message before a check fails. The properties listed pass when judged again with the input taken as unchanged: work on new objects and publish them only at the end.",
  },
  "then-calls": {
    title: "A thenable's then is called more often than contract §7 step 5 allows",
    explanation:
      "The summarizer's value is observed by reading then once and calling it at most once per thenable; a thenable met again (a cycle, or delivered twice) is not called again. Your submission reads or calls then more often (below). The properties listed pass when judged again with those calls taken as the contract's.",
  },
  restoration: {
    title: "A promise's constructor is left changed after the retry (contract §7 step 5)",
    explanation:
      "When observing a native promise needs the one retry through a temporary own constructor, the promise is put back as it was afterwards (the caller's property back, or no own constructor). Your submission leaves it changed (below). The properties listed pass when judged again with the promise restored.",
  },
};

/** "build" when the subject's reading of both an input and options explains failures (./analyze). */
export const READING_TEXT: { readonly title: string; readonly explanation: string } = {
  title: "Inputs and options are read, accepted or rejected differently from contract §3 and §6",
  explanation:
    "Every operation reads what the caller passes as data: the input the way buildActiveContext does (§3), and the options the same way (§6): no getter, setter or function of the caller runs, a Proxy is read through its traps, a value that breaks a rule is rejected with the rule's code as a ContextCompactionError (options that are not a plain object, or a field that is an accessor, are CONTEXT_INVALID_INPUT). Your submission reads or decides differently on some input and on some options (below, with their getters, proxies or prototypes when they have some), most likely through one reading of both. The properties listed fail only because of that: judged again with your own reading taken as right (the same rejection, or what you built), they pass. Fix how values are read first.",
};
