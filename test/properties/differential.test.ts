import { differentialProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("differential", differentialProperties);
