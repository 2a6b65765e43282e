#!/usr/bin/env node
// In a clone the sources are here and run through tsx (npm start, npm test); an installed
// package ships only the build (npm run build, run by prepack) and needs no tsx.
import { existsSync } from "node:fs";

const sources = new URL("../src/cli.ts", import.meta.url);
if (existsSync(sources)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(sources.href);
} else {
  await import("../dist/cli.js");
}
