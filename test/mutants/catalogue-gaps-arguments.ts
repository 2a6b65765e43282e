import type { Mutant } from "./catalogue";

// Mutants for the strength properties of properties/strength-arguments.ts: each one's first
// `killers` entry is the strength property shown to kill it (test/mutants/strength-kills.test.ts).

export const argumentsGapMutants: readonly Mutant[] = [
  {
    id: "arguments-symbol-keys-unlisted",
    description: "Lists only the string keys of a plain arguments object, so a symbol key is never seen and the arguments are accepted.",
    area: "input",
    file: "read.ts",
    find: "for (let i = 0; i < symbols.length; i++) keys[keys.length] = symbols[i];",
    replace: "",
    killers: ["strength.argument-accessors-rejected"],
  },
  {
    id: "arguments-getter-read-as-data",
    area: "input",
    description: "Checks only that an arguments key is enumerable, then reads it with record[key]: a getter runs and its value is copied.",
    file: "arguments.ts",
    find: "if (lookupGetter(record, key) === undefined && (enumerable || propertyIsEnumerable(record, key))) return",
    replace: "if (enumerable || propertyIsEnumerable(record, key)) return",
    killers: ["strength.argument-accessors-rejected"],
  },
  {
    id: "arguments-proxy-enumerability-unchecked",
    area: "input",
    description: "Takes any own data descriptor a Proxy reports for an arguments key, so a non-enumerable key is copied.",
    file: "arguments.ts",
    find: "  if (descriptor === undefined || descriptor.enumerable !== true) {",
    replace: "  if (descriptor === undefined) {",
    killers: ["strength.proxied-arguments-read-by-descriptor"],
  },
  {
    id: "arguments-class-instance-copied",
    area: "input",
    description: "Copies any non-array object inside arguments key by key, so a class instance (or an inherited prototype) passes as a plain object.",
    file: "arguments.ts",
    find: "      if (isPlainRecord(value, ISSUE, WHAT)) return readObject(",
    replace: "      if (!Array.isArray(value)) return readObject(",
    killers: ["strength.argument-values-must-be-json"],
  },
  {
    id: "arguments-depth-counted-in-arrays-only",
    area: "input",
    description: "Counts depth only through arrays: a value of an object inside arguments keeps its parent's depth, so deep object chains pass.",
    file: "arguments.ts",
    find: "    const item = readValue(value, depth + 1, ancestors, budget, units);",
    replace: "    const item = readValue(value, depth, ancestors, budget, units);",
    killers: ["strength.argument-depth-limit"],
  },
  {
    id: "arguments-copied-with-plain-stores",
    area: "input",
    description: "Copies every arguments key with copy[key] = value, so a \"__proto__\" key sets the copy's prototype and is lost.",
    file: "arguments.ts",
    find: "    if (key in ObjectPrototype) defineProperty(copy, key, { value: item, enumerable: true });\n    else copy[key] = item;",
    replace: "    copy[key] = item;",
    killers: ["strength.argument-keys-named-like-prototype-members"],
  },
];
