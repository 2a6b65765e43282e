import { DEFAULT_RUBRIC, parseScoringMode, readRubric, type Rubric, type ScoringMode } from "../rubric/rubric";

/** --scoring and --rubric (read and validated now, so a bad file fails before any grading). */
export async function scoringFromOptions(options: Record<string, unknown>): Promise<{ readonly scoring: ScoringMode; readonly rubric: Rubric }> {
  const scoring = parseScoringMode(options.scoring);
  const rubric = typeof options.rubric === "string" ? await readRubric(options.rubric) : DEFAULT_RUBRIC;
  return { scoring, rubric };
}
