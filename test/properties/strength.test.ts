import { strengthProperties } from "../../properties/strength";
import { familyHoldsOnCore } from "./_family";

// Every strength property holds on src/core (each also kills a mutant: test/mutants/).
familyHoldsOnCore("strength", strengthProperties);
