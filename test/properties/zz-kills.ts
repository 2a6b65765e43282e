import { KILLS } from "./kill-table";
export const KILLS_FOR_PROBE: Record<string, string[]> = Object.fromEntries(Object.entries(KILLS).map(([k, v]) => [k, [v]]));
