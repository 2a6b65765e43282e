// One mistake (a wrapper of the reference's selectCompactionBoundary): no boundary answered 0.
import { maker } from "../_kit/assemble";
import { noBoundaryAsZero } from "../_kit/s22";

export const make = maker({ "no-boundary-as-zero": noBoundaryAsZero });
