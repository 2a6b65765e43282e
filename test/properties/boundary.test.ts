import { boundaryProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("boundary", boundaryProperties);
