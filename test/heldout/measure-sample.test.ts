// The first implementation of the fixed DEV sample of docs/heldout.md graded again (the others:
// measure-sample-rest.test.ts, in npm run test:long); see test/_helpers/measure-sample.ts.
import { MEASURE_SAMPLE, describeMeasureSample } from "../_helpers/measure-sample";

describeMeasureSample(MEASURE_SAMPLE.slice(0, 1));
