import { groupsProperties } from "../../properties";
import { familyHoldsOnCore } from "./_family";

familyHoldsOnCore("groups", groupsProperties);
