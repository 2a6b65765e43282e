// The stand-in properties under the name grade-class's student process imports (`properties`).
export { standInProperties as properties } from "./properties";
