import { unitsProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("units", unitsProperties);
