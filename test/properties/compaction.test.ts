import { compactionProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("compaction", compactionProperties);
