import type { Json } from "../scenario/data";
import { ReadBudget } from "./budget";
import { readTranscript } from "./read-transcript";

/**
 * validateTranscript's codes for a transcript, [] when valid. The model's classification:
 * a budget overflow is reported as INVALID_TRANSCRIPT, an argument deeper than 32 as
 * INVALID_TOOL_ARGUMENTS. Only emptiness is meant to be compared with a subject.
 */
export function modelTranscriptErrors(transcript: Json): string[] {
  const read = readTranscript(transcript, new ReadBudget());
  return read.issues.map((issue) =>
    issue.code === "LIMIT" ? "INVALID_TRANSCRIPT" : issue.code === "DEPTH" ? "INVALID_TOOL_ARGUMENTS" : issue.code,
  );
}
