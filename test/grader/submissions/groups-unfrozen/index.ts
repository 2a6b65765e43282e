// The core, but groupToolRounds returns copies of the groups that are not frozen (contract §5).
import { groupToolRounds as frozenGroups } from "../../../../src/core/index";

export * from "../../../../src/core/index";
export const groupToolRounds: typeof frozenGroups = (transcript) => frozenGroups(transcript).map((group) => ({ ...group })) as unknown as ReturnType<typeof frozenGroups>;
