import { describe, expect, it } from "vitest";
import * as core from "../../src/core";
import { createDriver } from "../../src/driver/index";
import type { Json } from "../../src/scenario/data";

// The alias decoration (src/driver/decorations/alias.ts): the same container at two paths of the
// input, which the contract does not call a cycle.

describe("an alias decoration: one container reached twice (contract §3: no cycle)", () => {
  it("the core builds it like two copies; a path into itself is refused as a scenario error", async () => {
    const driver = createDriver(core as unknown as Record<string, unknown>);
    const args = { a: { x: [1] }, b: 0 };
    const messages: Json[] = [
      { id: "a1", role: "assistant", content: [{ type: "toolCall", id: "c", name: "t", arguments: args }] },
      { id: "r1", role: "toolResult", toolCallId: "c", toolName: "t", content: "", isError: false },
    ];
    const at = ["messages", 0, "content", 0, "arguments"];
    const o = await driver.observe({ operation: { kind: "build", input: { messages } }, decorations: [{ kind: "alias", target: "input", path: [...at, "b"], of: [...at, "a"] }] });
    expect(o.outcome.kind).toBe("returned");
    const built = (o.outcome as unknown as { value: { messages: { content: { arguments: unknown }[] }[] } }).value;
    expect(built.messages[0]!.content[0]!.arguments).toEqual({ a: { x: [1] }, b: { x: [1] } });
    const cyclic = await driver.observe({ operation: { kind: "build", input: { messages } }, decorations: [{ kind: "alias", target: "input", path: [...at, "a", "x"], of: [...at, "a"] }] });
    expect(cyclic.outcome.kind === "crash" ? cyclic.outcome.reason : cyclic.outcome.kind).toMatch(/may not point into itself/);
  });
});
