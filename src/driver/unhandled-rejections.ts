// Counts `unhandledRejection` events while one observation runs. The listeners already on the
// process (a test runner's, which would report the subject's leak as a harness failure) are
// set aside for the window and put back afterwards, in order. Observations never overlap
// (./serial), so every event is attributed to the scenario whose window it falls in.
import { processAddListener, processListenersOf, processRemoveListener } from "./intrinsics";

const EVENT = "unhandledRejection";

export interface RejectionWindow {
  /** Ends the window: restores the previous listeners and returns the count. */
  close(): number;
}

export function openRejectionWindow(): RejectionWindow {
  const previous = processListenersOf(EVENT);
  for (let i = 0; i < previous.length; i++) processRemoveListener(EVENT, previous[i]);
  let count = 0;
  const listener = (): void => {
    count++;
  };
  processAddListener(EVENT, listener);
  let closed = false;
  return {
    close() {
      if (!closed) {
        closed = true;
        processRemoveListener(EVENT, listener);
        for (let i = 0; i < previous.length; i++) processAddListener(EVENT, previous[i]);
      }
      return count;
    },
  };
}
