import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Host, PropertyDefinition } from "../../src/scenario";
import { coreHost, explain, referenceHost, run } from "./_run";

/** One vitest case per property: the family holds on src/core. */
export function familyHoldsOnCore(family: string, properties: readonly PropertyDefinition[]): void {
  describe(`${family} properties hold on src/core`, () => {
    const subject: Host = coreHost();
    let reference: Host;
    beforeAll(async () => {
      reference = await referenceHost();
    });
    afterAll(async () => {
      await subject.close();
      await reference.close();
    });
    it("has properties", () => expect(properties.length).toBeGreaterThan(0));
    for (const property of properties) {
      it(property.id, async () => {
        const result = await run(property, subject, reference);
        expect(result.status, explain(result)).toBe("passed");
      });
    }
  });
}
