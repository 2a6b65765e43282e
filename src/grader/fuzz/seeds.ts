import { createHash } from "node:crypto";

// How a campaign splits its search. Every chunk of cases gets its own fast-check seed, derived
// (not drawn) so a campaign is reproducible from its seed and shard alone:
//
//   seed(campaign, shard i/n, property, round) =
//     first 4 bytes of sha256("compaction-check/fuzz/v1|<campaign>|<i>/<n>|<property id>|<round>"),
//     big-endian, masked to 31 bits.
//
// Different shards, properties or rounds hash different strings, so n jobs run independent
// fast-check streams; a property renamed or added elsewhere changes no other property's seeds.

export interface Shard {
  /** 1-based, as written on the command line (`--shard 2/4`). */
  readonly index: number;
  readonly count: number;
}

export const WHOLE: Shard = Object.freeze({ index: 1, count: 1 });

export function chunkSeed(campaignSeed: number, shard: Shard, propertyId: string, round: number): number {
  const text = `compaction-check/fuzz/v1|${campaignSeed}|${shard.index}/${shard.count}|${propertyId}|${round}`;
  return createHash("sha256").update(text).digest().readUInt32BE(0) & 0x7fffffff;
}

/** `i/n` with 1 <= i <= n, or null when malformed. */
export function parseShard(text: string): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (match === null) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return count >= 1 && index >= 1 && index <= count && Number.isSafeInteger(count) ? { index, count } : null;
}

/** `90`, `90s`, `500ms`, `10m`, `2h` in milliseconds (a bare number is seconds), or null. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (match === null) return null;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? "s") as "ms" | "s" | "m" | "h"];
  const ms = Math.round(Number(match[1]) * unit);
  return ms > 0 ? ms : null;
}
