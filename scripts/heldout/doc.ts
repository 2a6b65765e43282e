// The generated parts of docs/heldout.md: one block per measurement (e.g. "before", "after"),
// between markers, with the rates of DEV, BLIND and ALL side by side and DEV's detail. Nothing
// of a BLIND implementation but the totals is ever written.
import { rateLines, type ImplementationVerdict, type Rates } from "./rates";

export interface Measurement {
  readonly label: string;
  readonly settings: { readonly seed: number; readonly numRuns: number };
  readonly commit: string;
  readonly dev: Rates;
  readonly blind: Rates;
  /** BLIND implementations that share no mistake with a DEV one (scripts/heldout/unshared.ts); absent in older measurements. */
  readonly unshared?: Rates;
  readonly all: Rates;
  /** DEV implementations only. */
  readonly detail: readonly (ImplementationVerdict & { readonly form: string })[];
}

const begin = (label: string) => `<!-- heldout:${label} -->`;
const end = (label: string) => `<!-- /heldout:${label} -->`;

export function measurementBlock(m: Measurement): string[] {
  const lines = [
    begin(m.label),
    `Measured at commit \`${m.commit}\` (seed ${m.settings.seed}, ${m.settings.numRuns} runs per property).`,
    "",
    m.unshared === undefined
      ? `| rate | DEV (${m.dev.implementations}) | BLIND (${m.blind.implementations}) | ALL (${m.all.implementations}) |`
      : `| rate | DEV (${m.dev.implementations}) | BLIND (${m.blind.implementations}) | BLIND, no mistake seen in DEV (${m.unshared.implementations}) | ALL (${m.all.implementations}) |`,
    m.unshared === undefined ? "| --- | --- | --- | --- |" : "| --- | --- | --- | --- | --- |",
  ];
  const [dev, blind, all] = [rateLines(m.dev), rateLines(m.blind), rateLines(m.all)];
  const unshared = m.unshared === undefined ? null : rateLines(m.unshared);
  dev.forEach(([name, value], i) => lines.push(`| ${name} | ${value} | ${blind[i]![1]} |${unshared === null ? "" : ` ${unshared[i]![1]} |`} ${all[i]![1]} |`));
  lines.push("", "DEV, implementation by implementation (a root cause: its id, the number of properties it explains, and the mistakes it belongs to: `=m` pure and m's, `?a+b` from two mistakes, `·` none attributable):", "");
  lines.push("| implementation | form | mistakes | root causes | missed | right |", "| --- | --- | --- | --- | --- | --- |");
  for (const v of m.detail) {
    const causes = v.causes.map((c) => `\`${c.id}\` ${c.properties} ${c.pure ? (c.owners.length === 0 ? "·" : `=${c.owners.join("=")}`) : `?${c.touches.join("+")}`}`).join("; ") || "none";
    const right = v.countRight && v.pure && v.missed.length === 0 ? "yes" : "no";
    lines.push(`| ${v.id} | ${v.form} | ${v.mistakes} | ${v.causes.length}: ${causes} | ${v.missed.join(", ") || "–"} | ${right} |`);
  }
  lines.push(end(m.label));
  return lines;
}

/** `text` with the block of `label` replaced (or appended at the end when it is not there yet). */
export function withMeasurement(text: string, block: readonly string[], label: string): string {
  const lines = text.split("\n");
  const from = lines.indexOf(begin(label));
  const to = lines.indexOf(end(label));
  if (from === -1 || to < from) return `${text.replace(/\n*$/, "")}\n\n${block.join("\n")}\n`;
  return [...lines.slice(0, from), ...block, ...lines.slice(to + 1)].join("\n");
}
