import { fastPathProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("fast-path", fastPathProperties);
