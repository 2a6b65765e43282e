export * from "../../../src/core/index";
export { compactContext } from "./compaction";
