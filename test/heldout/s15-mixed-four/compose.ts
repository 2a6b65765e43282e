// Four mistakes in four criteria: the student's boundary walk stops at the first cut that does
// not fit; their awaiting goes on with a thenable's delivered value inside the resolver call
// (../_kit/async-loop); the unchanged result carries a fresh copy of the context; and their
// reader refuses summary: null (last, so that it reads the input before every other layer).
import { assemble, makerOf } from "../_kit/assemble";
import { asyncMistakes } from "../_kit/async-mistakes";
import { fastpathContextCopy, summaryNullRefused, walkMistake15 } from "../_kit/s15";

const IDS = ["walk-stops-at-first-misfit", "outcome-inside-resolver", "fastpath-context-copy", "summary-null-refused"];

export const make = makerOf(IDS, (enabled) =>
  assemble([
    ...(enabled.has("walk-stops-at-first-misfit") ? [walkMistake15({ stopsAtFirstMisfit: true })] : []),
    ...(enabled.has("outcome-inside-resolver") ? [asyncMistakes({ "outcome-inside-resolver": "outcomeInsideResolver" }, enabled)] : []),
    ...(enabled.has("fastpath-context-copy") ? [fastpathContextCopy] : []),
    ...(enabled.has("summary-null-refused") ? [summaryNullRefused] : []),
  ]),
);
