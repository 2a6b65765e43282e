import { writeSync } from "node:fs";

// A child that lost its driver to the submission (the case the parent must survive whatever
// happens in the child): stand-in driver, bundled into the child program, that answers every
// call with one reply line that never ends, written where the replies go (fd 3).
export function createDriver() {
  return {
    observe: endlessLine,
    observeBoxed: endlessLine,
  };
}

async function endlessLine(): Promise<never> {
  const chunk = Buffer.alloc(1 << 20, "x");
  for (;;) {
    try {
      writeSync(3, chunk);
    } catch {
      // the parent closed the pipe (it killed this child)
      return new Promise<never>(() => {});
    }
  }
}
