import { fileURLToPath } from "node:url";

/** A fixture of the red-team pass (test/security/redteam/fixtures/<name>). */
export const redteamFixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
