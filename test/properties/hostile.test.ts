import { hostileProperties } from "../../properties/hostile";
import { familyHoldsOnCore } from "./_family";

// Hostile inputs and limit edges hold on src/core (the limit-edge properties run at most
// their declared numRuns: each case is an input of up to 1,000,000 code points).
familyHoldsOnCore("hostile", hostileProperties);
