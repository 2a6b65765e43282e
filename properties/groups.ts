import type { CheckInput, Json, PropertyDefinition, Verdict } from "../src/scenario";
import { ROOT_PATH } from "../src/driver";
import { groupsOverUnitsCeiling } from "../generators";
import { validGroupsScenarios } from "./_internals/arbitraries";
import { once } from "./_internals/calibrate";
import { fail, mismatch, mismatchData, pass, show } from "./_internals/format";
import { arrayOrEmpty, field, sameData } from "./_internals/json";
import { agreeOnOutcome } from "./_internals/outcome";
import { cutSeparatingCall } from "./_internals/transcript-invariants";
import { viewOfMessages } from "./_internals/transcript-view";
import { judgedByAccepted } from "./_internals/accepted";

// groupToolRounds (contract §5) on transcripts valid by construction.

const SPEC = "contract §5";

/** Runs `judge` on the returned groups and the input transcript, after the shared outcome check. */
function onGroups({ scenario, observation, expected }: CheckInput, judge: (groups: Json, transcript: readonly Json[]) => Verdict): Verdict {
  const agreed = agreeOnOutcome(observation, expected);
  if (agreed.ok === "threw-as-expected") return pass;
  if (!agreed.ok) return agreed.verdict;
  if (!Array.isArray(agreed.value)) return mismatch("groups", "an array", agreed.value);
  const transcript = scenario.operation.kind === "groups" ? arrayOrEmpty(scenario.operation.transcript) : [];
  return judge(agreed.value, transcript);
}

function tiles(groups: Json, transcript: readonly Json[]): Verdict {
  let next = 0;
  for (const [index, group] of arrayOrEmpty(groups).entries()) {
    const start = field(group, "startIndex");
    const end = field(group, "endIndex");
    if (start !== next) return mismatch(`group ${index} startIndex (groups must tile the transcript in order)`, next, start);
    if (typeof end !== "number" || end <= next) return mismatch(`group ${index} endIndex (exclusive, after startIndex ${next})`, `> ${next}`, end);
    if (!sameData(field(group, "messages"), transcript.slice(next, end) as Json)) {
      return mismatchData(`group ${index} messages (the transcript slice [${next}, ${end}))`, transcript.slice(next, end) as Json, field(group, "messages"));
    }
    next = end;
  }
  return next === transcript.length ? pass : mismatch("end of the last group (the transcript length)", transcript.length, next);
}

function neverSeparates(groups: Json, transcript: readonly Json[]): Verdict {
  const cuts = arrayOrEmpty(groups)
    .map((group) => field(group, "endIndex"))
    .filter((end): end is number => typeof end === "number" && end < transcript.length);
  const violation = cutSeparatingCall(viewOfMessages(transcript as Json), cuts);
  return violation === null ? pass : fail(`expected no group cut between a tool call and its results, observed: ${violation}`);
}

/**
 * §5: "a frozen list of frozen groups", no more: what a group holds (its messages list, the
 * messages) is not said to be frozen, as the contract says "deeply" or "every object and array"
 * where it means it (issue 27 review; variant groups-message-lists-unfrozen). The frozen report
 * names the first unfrozen object breadth first, so one below a group means the list and every
 * group are frozen.
 */
function listAndGroupsFrozen(firstUnfrozen: string | null): boolean {
  return firstUnfrozen === null || (firstUnfrozen !== ROOT_PATH && !/^\[\d+\]$/.test(firstUnfrozen));
}

export const groupsProperties: readonly PropertyDefinition[] = judgedByAccepted([
  {
    id: "groups.tile-transcript-in-order",
    family: "groups",
    title: "Groups tile the transcript in order",
    weight: 2,
    catches: "Gaps, overlaps, reordering, an exclusive end treated as inclusive, or group messages that are not the transcript slice.",
    specRef: SPEC,
    arbitrary: validGroupsScenarios(),
    // A transcript over the units ceiling: its groups, or CONTEXT_LIMIT_EXCEEDED (the core's).
    edgeCases: once(() => [groupsOverUnitsCeiling()]),
    check: (input) => onGroups(input, tiles),
  },
  {
    id: "groups.call-never-separated-from-results",
    family: "groups",
    title: "A tool call and all its results share one group",
    weight: 6,
    catches: "Closing a round at the first result, or not merging overlapping and nested rounds, so a cut falls inside a round.",
    specRef: SPEC,
    arbitrary: validGroupsScenarios(),
    check: (input) => onGroups(input, neverSeparates),
  },
  {
    id: "groups.finest-split",
    family: "groups",
    title: "Groups are the finest split that keeps rounds whole",
    weight: 2,
    catches: "Merging more than needed (adjacent rounds, trailing user messages) or a wrong kind label.",
    specRef: SPEC,
    arbitrary: validGroupsScenarios(),
    check: (input) =>
      onGroups(input, (groups) => {
        const want = input.expected.kind === "returns" ? input.expected.value : null;
        if (sameData(groups, want)) return pass;
        const brief = (list: Json) => arrayOrEmpty(list).map((g) => `${show(field(g, "kind"))}[${show(field(g, "startIndex"))},${show(field(g, "endIndex"))})`).join(" ");
        const [wanted, observed] = [brief(want), brief(groups)];
        return wanted === observed ? mismatchData("groups (same intervals, different content)", want, groups) : fail(`groups: expected ${wanted}, observed ${observed}`);
      }),
  },
  {
    id: "groups.frozen",
    family: "groups",
    title: "The group list and every group are frozen",
    weight: 1,
    catches: "Returning mutable groups that a caller could edit.",
    specRef: SPEC,
    arbitrary: validGroupsScenarios(),
    check: (input) =>
      onGroups(input, () => {
        const frozen = input.observation.frozen;
        return frozen !== null && listAndGroupsFrozen(frozen.firstUnfrozen) ? pass : fail(`expected the group list and every group frozen, observed unfrozen at ${show(frozen?.firstUnfrozen ?? "(no report)")}`);
      }),
  },
]);
