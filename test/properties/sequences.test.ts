import { sequenceProperties } from "../../properties/sequences";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("sequence", sequenceProperties);
