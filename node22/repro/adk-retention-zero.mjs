// @google/adk 2.0.0 TokenBasedContextCompactor with eventRetentionSize: 0 ("the minimum number of
// raw events to keep at the end of the session"): the first compaction reads the event one past
// the end of the session (calculateRetainStartIndex: rawEvents[rawEvents.length]) and throws a
// TypeError, which ends the InMemoryRunner run: the very first turn (its request is over the
// threshold of 1 token). Prints what happened; exit 0 when it reproduces.
import { agentWith, InMemoryRunner, runTurn, ScriptedModel } from "./adk-shared.mjs";

const model = new ScriptedModel([{ role: "model", parts: [{ text: "hello" }] }]);
const runner = new InMemoryRunner({ agent: agentWith({ model, eventRetentionSize: 0 }), appName: "repro" });
const session = await runner.sessionService.createSession({ appName: "repro", userId: "u" });
try {
  await runTurn(runner, session.id, { role: "user", parts: [{ text: "hi" }] });
  console.log("not reproduced: the turn ran");
  process.exit(1);
} catch (error) {
  console.log(`reproduced: the turn threw ${error.name}: ${error.message}`);
}
