import type { CriterionId } from "../criteria";
import { ruleOf, type RuleId } from "./rules";
import type { Signature } from "./signature";

// What a root cause says to a student (docs/grading.md "Root causes"): the title names the
// mistake and, after a dash, the contract's rule it breaks in the contract's words; the
// explanation says how it was found and why the properties listed fail with it.

/** The mistake, as the submission makes it, per rule (the detail of the signature follows in brackets). */
const MISTAKE: Readonly<Record<RuleId, string>> = {
  "units.u": "Strings are not counted in code points",
  "units.requirement": "Requirements are counted otherwise",
  "units.summary": "Summaries are counted otherwise",
  "units.user": "User messages are counted otherwise",
  "units.assistant": "Assistant messages are counted otherwise",
  "units.text": "Text blocks are counted otherwise",
  "units.toolCall": "Tool calls are counted otherwise",
  "units.toolPair": "A tool call and its result are counted otherwise",
  "units.toolResult": "Tool-result messages are counted otherwise",
  "units.J(null)": "null in tool arguments is counted otherwise",
  "units.J(boolean)": "Booleans in tool arguments are counted otherwise",
  "units.J(number)": "Numbers in tool arguments are counted otherwise",
  "units.J(string)": "Strings in tool arguments are counted otherwise",
  "units.J(array)": "Arrays in tool arguments are counted otherwise",
  "units.J(object)": "Objects in tool arguments are counted otherwise",
  "units.context": "A context's units are not the sum of its parts",
  "groups.rounds": "Tool rounds are grouped otherwise",
  "boundary.answer": "The compaction boundary is chosen otherwise",
  "options.shape": "The options object is accepted or refused otherwise",
  "options.budgets": "The budget options are checked otherwise",
  "options.maxUnits": "maxUnits is checked otherwise",
  "options.ids": "summaryId and recordId are checked otherwise",
  "options.summarizer": "The summarizer option is checked otherwise",
  "options.signal": "The signal option is checked otherwise",
  "read.input": "The input is not read as data",
  "read.options": "The options are not read as data",
  "read.null": "Inputs and options are read with null taken for a record",
  "build.transcript": "Messages are accepted or refused otherwise",
  "build.arguments": "Tool-call arguments are accepted or refused otherwise",
  "build.records": "Requirements, summaries or records are accepted or refused otherwise",
  "build.limits": "The input's budgets are applied otherwise",
  "build.shape": "buildActiveContext answers otherwise",
  "step2.fastPath": "The unchanged fast path answers otherwise",
  "step3.cancelled": "A signal aborted before the call is handled otherwise",
  "step3.recordId": "A recordId already used is handled otherwise",
  "step3.boundary": "A context without a boundary is handled otherwise",
  "step4.request": "The summarizer is called otherwise",
  "step4.signal": "The caller's signal is handed to the summarizer otherwise",
  "step5.depth": "Chains of thenables are followed to another depth",
  "step5.nativePromise": "Native promises are observed otherwise",
  "step5.proxy": "A Proxy around a native promise is observed otherwise",
  "step5.thenable": "Thenables are observed otherwise",
  "step5.functionThenable": "A function with a then is not taken for a thenable",
  "step5.resolvers": "A thenable's resolvers act more than once",
  "step5.reachedTwice": "A thenable reached twice is called again",
  "step5.thenReturns": "What a custom then returns is handled otherwise",
  "step5.forged": "A rejection that looks like a ContextCompactionError passes its code on",
  "step5.rejection": "A failing summarizer is handled otherwise",
  "step5.unhandled": "Rejections are left unhandled",
  "step5.settles": "The summarizer's value settles otherwise",
  "step5.abort": "An abort while the summary is awaited is missed",
  "cancel.error": "A cancellation rejects with something that is not a ContextCompactionError",
  "step6.notString": "A summary that is not a string is accepted or refused otherwise",
  "step6.tooLong": "A summary longer than 65536 code points is handled otherwise",
  "step6.blank": "A blank summary is refused otherwise",
  "step6.size": "A summary too large for the budgets is handled otherwise",
  "step6.text": "The summary is checked or stored otherwise than the text delivered",
  "step8.result": "The compacted result differs",
  "step8.validated": "The new context is validated otherwise",
  "atomicity.unchanged": "A call changes its input",
  "calls.alone": "Answers depend on earlier calls",
  "errors.class": "Failures are not thrown as ContextCompactionError",
  "errors.rejects": "compactContext throws where it must reject",
  "frozen.results": "Results are not deeply frozen",
  "identity.built": "Rebuilding a built context returns another object",
  "identity.fastPath": "The fast path returns another context object",
  "identity.record": "result.record is not the last record of the new context",
  exports: "Exports are missing or of the wrong kind",
};

export interface Described {
  readonly title: string;
  readonly explanation: string;
  readonly criterion: CriterionId;
}

/** The detail of a signature's key (after its rule) in words, or null when it says nothing more. */
export function detailWords(detail: string | null): string | null {
  if (detail === null) return null;
  const text = detail.replace(/^own \w+ /, "").trim();
  if (text === "" || text.startsWith("own ") || /^property /.test(text)) return null;
  const patterns: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^code (\S+) for (\S+)$/, (m) => `rejects with ${m[1]} instead of ${m[2]!.split("|").join(" or ")}`],
    [/^rejects with (\S+)$/, (m) => `rejects with ${m[1]} where the contract returns`],
    [/^returns$/, () => "returns where the contract rejects"],
    [/^value trimmed$/, () => "a text stored trimmed, the whitespace around it removed"],
    [/^value record\.units of what the strings hold$/, () => "record.unitsBefore or record.unitsAfter counted otherwise where a string holds characters other than printable ASCII: right once they are plain ASCII"],
    [/^value (.+)$/, (m) => `returns another ${m[1]}`],
    [/^another call's result$/, () => "returns a result naming messages the input does not hold: another call's result, handed back"],
    [/^taken as the summary$/, () => "a value with a then taken as the summary itself and refused as no string, not followed"],
    [/^accepts a hole$/, () => "an array with a hole accepted, read as if the missing item were not there"],
    [/^calls (more|fewer)$/, (m) => `calls the summarizer ${m[1]} times than the contract`],
    [/^counted where its own build refuses$/, () => "estimateContextUnits counts an input its own buildActiveContext refuses"],
    [/^escapes for (.*)$/, (m) => `throws something that is not a ContextCompactionError${m[1] === "a result" ? "" : ` instead of rejecting with ${m[1]!.split("|").join(" or ")}`}`],
    [/^into the retained messages$/, () => "a cut past messages.length - retainRecentMessages, compacting messages §6 keeps"],
    [/^past (.+)$/, (m) => `an input with ${m[1]} not refused with CONTEXT_LIMIT_EXCEEDED`],
    [/^measured otherwise$/, () => "refused where the contract's count has room, or let through where it has none: the summary or the new context measured otherwise"],
    [/^hangs$/, () => "never settles"],
    [/^crashes$/, () => "crashes"],
    [/^leaks$/, () => "leaves a rejection unhandled"],
    [/^at the edge (.+), (accepted|refused with \S+)$/, (m) => `${m[2]} when ${m[1]} holds exactly`],
    [/^refused with (\S+) instead of (\S+)$/, (m) => `refused with ${m[1]} where the contract refuses with ${m[2]!.split("|").join(" or ")}`],
    [/^breaking (.+), (accepted|refused with \S+)$/, (m) => `${m[2]} although they break ${m[1]}`],
    [/^breaking (.+)$/, (m) => `let through although they break the check of ${m[1]}`],
    [/^options$/, () => ""],
    [/^escapes( in arguments)?$/, (m) => `an error that is not a ContextCompactionError gets out${m[1] === undefined ? "" : " of tool-call arguments"}`],
    [/^calls( in arguments)?$/, (m) => `a getter, setter or function of the caller runs${m[1] === undefined ? "" : " in tool-call arguments"}`],
    [/^missed$/, () => "not taken where the contract takes it"],
    [/^boundary$/, () => ""],
    [/^(no boundary|a boundary) answered with (\S+)$/, (m) => `throws ${m[2]} where the contract returns ${m[1] === "no boundary" ? "null (no boundary)" : "a cut"}`],
    [/^as text$/, () => "taken for text: returned, or refused by a check of the text"],
    [/^requirements$/, () => "the requirements reckoned otherwise: the answer changes when their units are taken off targetUnits instead"],

    [/^the current summary$/, () => "the current summary reckoned: the answer changes when it is taken out, though §6 does not count it"],
    [/^the compaction records$/, () => "the compaction records read: the answer changes when they are taken out, though §6 does not use them"],
    [/^not the earliest$/, () => "a later whole-group cut than the earliest that fits, also when every cut fits"],
    [/^with tool rounds$/, () => "only where tool rounds are: the same messages, each a group of its own, get the contract's cut"],
    [/^taken$/, () => "taken where the contract goes on"],
    [/^(async|bound|arrow) function refused with (\S+)$/, (m) => `a summarizer that is ${m[1] === "async" ? "an async" : m[1] === "bound" ? "a bound" : "an arrow"} function refused with ${m[2]}`],
    [/^refused with (\S+) on this context, accepted on an empty one$/, (m) => `valid options refused with ${m[1]} for what the context holds (its requirements, its messages), accepted on an empty context`],
    [/^shared then$/, () => "distinct thenables sharing one then, as instances of one class: each its own thenable, none a repeat"],
    [/^null prototype$/, () => "a thenable without a prototype, made with Object.create(null)"],
    [/^inherited then$/, () => "a then found on the prototype, as on an instance of a class with a then method"],
    [/^undefined delivered$/, () => "a resolve(undefined), which delivers undefined"],
    [/^measured otherwise$/, () => "units(context) <= maxUnits decided on another measure of the context: taken or missed as it happens"],
    [/^at equality$/, () => "missed when units(context) equals maxUnits"],
    [/^accepts$/, () => "accepts what the contract refuses"],
    [/^refuses$/, () => "refuses what the contract accepts"],
    [/^in records$/, () => "in messages and records"],
    [/^in arguments$/, () => "in tool-call arguments"],
    [/^rejected with (\S+)$/, (m) => `a valid input refused with ${m[1]}`],
    [/^accepted$/, () => "an input the contract refuses, accepted"],
    [/^built otherwise$/, () => "an input both accept, built into another context"],
  ];
  for (const [pattern, words] of patterns) {
    const m = pattern.exec(text);
    if (m !== null) return words(m);
  }
  return text;
}

export function describeCause(signature: Signature, detail: string | null, properties: number): Described {
  const rule = ruleOf(signature.rule);
  detail = detailWords(detail);
  const title = `${MISTAKE[signature.rule]}${detail === null || detail === "" ? "" : ` (${detail})`} — ${rule.section}: ${rule.says}`;
  const listed = properties === 1 ? "The property listed fails" : `The ${properties} properties listed fail`;
  const explanation = `${capitalized(rule.says)} (contract ${rule.section}). Your submission departs from it here (below: your answer and the contract's side by side, on the smallest counterexample that shows it). ${listed} because of this mistake: fix it and they follow.`;
  return { title, explanation, criterion: rule.criterion };
}

/** A sentence's first letter in upper case, unless it starts with a function of the contract (u(s), J(null)): its name keeps its case. */
function capitalized(text: string): string {
  if (/^\w+\(/.test(text)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
