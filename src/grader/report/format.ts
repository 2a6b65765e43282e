import type { PropertyResult } from "../result";

// Shared text pieces of the human-facing reports (terminal, JUnit, Gradescope).

const SYMBOL = { passed: "✓", failed: "✗", error: "!" } as const;

export function statusSymbol(result: PropertyResult): string {
  return SYMBOL[result.status];
}

export function points(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** The failure explained in a few lines: message, counterexample, observed vs expected, replay. */
export function failureDetails(result: PropertyResult, maxJson = 1200): string {
  const lines: string[] = [];
  if (result.message !== undefined) lines.push(result.message);
  if (result.counterexample !== undefined) lines.push(`counterexample: ${truncate(JSON.stringify(result.counterexample), maxJson)}`);
  if (result.observation !== undefined) lines.push(`observed outcome: ${truncate(JSON.stringify(result.observation.outcome), 400)}`);
  if (result.expected !== undefined) lines.push(`expected: ${truncate(JSON.stringify(result.expected), 400)}`);
  if (result.replay !== undefined) lines.push(`replay: ${result.replay}`);
  return lines.join("\n");
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
