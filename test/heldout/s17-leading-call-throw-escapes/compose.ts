// A grouping mistake and an async-observation mistake: the student's groupToolRounds (also used
// by their boundary walk) opens a tool round only for an assistant whose first block is a tool
// call (rewrite); and their compactContext calls the summarizer without a try, so its synchronous
// throw escapes as itself (wrapper).
import { maker } from "../_kit/assemble";
import { summarizerThrowEscapes, walkMistake17 } from "../_kit/s17";

export const make = maker({ "round-needs-leading-call": walkMistake17({ leadingCallOnly: true }), "summarizer-throw-escapes": summarizerThrowEscapes });
