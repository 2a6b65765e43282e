// One mistake (the student's reader): a content block of an unknown type is skipped, not refused.
import { maker } from "../_kit/assemble";
import { unknownBlockSkipped } from "../_kit/s21";

export const make = maker({ "unknown-block-skipped": unknownBlockSkipped });
