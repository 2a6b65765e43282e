// Checkpoint 11 submission: the public module, laid out like course/src/index.ts.
export * from "./context";
export * from "./messages";
export * from "./protocol";
