import { atomicityProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("atomicity", atomicityProperties);
