// Mistakes in boundary selection and its options (§6), with their witnesses.
import { sync } from "../_witness/observe";
import { call, result, user, users, usersInput } from "../_witness/fixtures";
import type { Mistake } from "./types";

const boundary = (target: number, summaryMax: number, retain: number) => ({ targetUnits: target, summaryMaxUnits: summaryMax, retainRecentMessages: retain });

export const countsOldSummary: Mistake = {
  id: "counts-old-summary",
  says: "The boundary counts the current summary as well as summaryMaxUnits; the current summary is not counted (it will be replaced): fixed = Σ requirements + summaryMaxUnits.",
  breaks: "§6 (fixed = Σ requirements + summaryMaxUnits, the current summary is not counted)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary({ summary of 16 units, 4 users of 14 }, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary({ summary: { id: "s", content: "xxxxxxxxxx" }, messages: users(4) }, boundary(40, 20, 1))),
    expected: { value: 3 },
  },
};

export const strictFit: Mistake = {
  id: "strict-fit",
  says: "A cut whose kept messages plus the fixed part equal targetUnits exactly is passed over; the cut fits when the total is <= targetUnits.",
  breaks: "§6 (answer endIndex if fixed + units(messages after endIndex) <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users of 14, { targetUnits: 34, summaryMaxUnits: 20, retainRecentMessages: 1 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(34, 20, 1))),
    expected: { value: 3 },
  },
};

export const crossingGroupAccepted: Mistake = {
  id: "crossing-group-accepted",
  says: "A group that starts before the latest allowed cut but ends after it is still taken as a cut, keeping fewer than retainRecentMessages messages; once a group's end passes latest the answer is null.",
  breaks: "§6 (after removing each whole group, if its endIndex > latest answer null)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary([user, assistant call, its result, user], { targetUnits: 20, summaryMaxUnits: 1, retainRecentMessages: 2 })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(
          { messages: [user("m0", "xxxxxxxx"), call("a1", [["c", "t"]]), result("r2", "c", "t"), user("u3", "xxxxxxxx")] },
          boundary(20, 1, 2),
        ),
      ),
    expected: { value: null },
  },
};

export const optionsSpread: Mistake = {
  id: "options-spread",
  says: "The options are copied with a spread before they are checked, so a getter on a field is called and its value used; a field must be an own data property, an accessor is refused with CONTEXT_INVALID_INPUT (and the options must be a plain object).",
  breaks: "§6 options (a plain object whose three fields are own data properties; an accessor → CONTEXT_INVALID_INPUT)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 20, get retainRecentMessages() { return 1 } })",
    run: (m) =>
      sync(() =>
        m.selectCompactionBoundary(usersInput(4), {
          targetUnits: 40,
          summaryMaxUnits: 20,
          get retainRecentMessages() {
            return 1;
          },
        }),
      ),
    expected: { error: "CONTEXT_INVALID_INPUT" },
  },
};

export const summaryMaxEqualTargetRefused: Mistake = {
  id: "summarymax-equal-target-refused",
  says: "summaryMaxUnits equal to targetUnits is refused with CONTEXT_INVALID_BUDGET; only summaryMaxUnits > targetUnits is.",
  breaks: "§6 options (summaryMaxUnits <= targetUnits)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 40, retainRecentMessages: 0 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 40, 0))),
    expected: { value: 4 },
  },
};

export const retainNoUpperBound: Mistake = {
  id: "retain-no-upper-bound",
  says: "retainRecentMessages above 4096 is accepted; it must be refused with CONTEXT_INVALID_BUDGET.",
  breaks: "§6 options (retainRecentMessages <= 4096)",
  criterion: "boundary-selection",
  witness: {
    call: "selectCompactionBoundary(4 users, { targetUnits: 40, summaryMaxUnits: 20, retainRecentMessages: 5000 })",
    run: (m) => sync(() => m.selectCompactionBoundary(usersInput(4), boundary(40, 20, 5000))),
    expected: { error: "CONTEXT_INVALID_BUDGET" },
  },
};
