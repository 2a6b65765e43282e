// One mistake (wrapper): the student's buildActiveContext freezes the caller's own objects in
// place (Object.freeze over the input, deeply) besides returning a frozen copy, so the input is
// changed: an unfrozen array or message the caller passed is frozen afterwards.
import { types } from "node:util";
import { maker } from "../_kit/assemble";
import type { Impl } from "../_kit/impl";

function freezeInPlace(value: unknown): void {
  if (typeof value !== "object" || value === null || types.isProxy(value) || Object.isFrozen(value)) return;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor !== undefined && "value" in descriptor) freezeInPlace(descriptor.value);
  }
  Object.freeze(value);
}

function layer(base: Impl): Impl {
  const build = (input: unknown) => {
    const context = base.buildActiveContext(input);
    freezeInPlace(input);
    return context;
  };
  return {
    buildActiveContext: build,
    groupToolRounds: (transcript) => {
      const groups = base.groupToolRounds(transcript);
      freezeInPlace(transcript);
      return groups;
    },
    estimateContextUnits: (input) => base.estimateContextUnits(build(input)),
    selectCompactionBoundary: (input, options) => base.selectCompactionBoundary(build(input), options),
    compactContext: async (input, options) => base.compactContext(build(input), options),
  };
}

export const make = maker({ "freezes-input": { layer } });
