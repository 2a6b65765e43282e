// One mistake (rewrite of estimateContextUnits): a tool call whose arguments have no key is counted 6 + u(id) + u(name), its
// J({}) = 2 left out.
import { maker } from "../_kit/assemble";
import { emptyArgumentsFree } from "../_kit/b2a";

export const make = maker({ "empty-arguments-free": emptyArgumentsFree });
