import { asyncProperties } from "../../properties/async";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("async", asyncProperties);
