// @google/adk 2.0.0 TokenBasedContextCompactor, eventRetentionSize: 1, and a long-running tool
// (LongRunningFunctionTool: its response comes later, from the client). The model calls the tool,
// the user writes meanwhile, then the client sends the function response. Compaction keeps that
// response (the last event) and summarizes its call: calculateRetainStartIndex only looks at the
// event right before the retained one, a user event here. Building the next request then throws.
// Prints what happened; exit 0 when it reproduces.
import { agentWith, InMemoryRunner, longRunningTool, runTurn, ScriptedModel } from "./adk-shared.mjs";

const call = { functionCall: { id: "call-1", name: "approve", args: {} } };
const model = new ScriptedModel([{ role: "model", parts: [call] }, { role: "model", parts: [{ text: "still waiting for the approval" }] }, { role: "model", parts: [{ text: "approved, done" }] }]);
const runner = new InMemoryRunner({ agent: agentWith({ model, eventRetentionSize: 1, tools: [longRunningTool()] }), appName: "repro" });
const session = await runner.sessionService.createSession({ appName: "repro", userId: "u" });
await runTurn(runner, session.id, { role: "user", parts: [{ text: "please get this approved" }] });
await runTurn(runner, session.id, { role: "user", parts: [{ text: "any news?" }] });
try {
  await runTurn(runner, session.id, { role: "user", parts: [{ functionResponse: { id: "call-1", name: "approve", response: { status: "approved" } } }] });
  console.log("not reproduced: the turn with the function response ran");
  process.exit(1);
} catch (error) {
  console.log(`reproduced: the turn with the function response threw ${error.name}: ${error.message}`);
}
