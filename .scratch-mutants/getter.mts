import { mutants } from "../test/mutants/catalogue";
import { loadMutant } from "../test/mutants/loader";
import { createInProcessHost } from "../src/grader/in-process-host";
import { expectedFor } from "../src/model";
const m = mutants.find((x) => x.id === "input-invokes-getters")!;
const host = createInProcessHost(await loadMutant(m));
const s: any = { operation: { kind: "build", input: { messages: [{ id: "u", role: "user", content: "x" }] } }, decorations: [{ kind: "getter", target: "input", path: ["messages", 0, "id"] }] };
const o = await host.observe(s);
console.log(JSON.stringify(o.outcome).slice(0, 300), o.hostile, JSON.stringify(expectedFor(s)).slice(0,200));
