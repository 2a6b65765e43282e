// Ground truth of the held-out set (issue 26): every implementation under test/heldout/, how it
// was written, and its mistakes, each with the contract rule it breaks, the checkpoint
// acceptance criterion it belongs to, and a witness call on which the implementation's outcome
// differs from the contract's because of that mistake. Written from the contract
// (docs/contract.md, the newer text of issue 27) and the course seed alone.
import { MULTI_MISTAKE } from "./truth/multi";
import { ONE_MISTAKE } from "./truth/one";
import { S12 } from "./truth/multi-s12";
import { S13 } from "./truth/multi-s13";
import { S15 } from "./truth/multi-s15";
import { S16 } from "./truth/multi-s16";
import { S17 } from "./truth/multi-s17";
import { S18 } from "./truth/one-s18";
import { S19 } from "./truth/multi-s19";
import { S20 } from "./truth/multi-s20";
import { S21 } from "./truth/multi-s21";
import { S22 } from "./truth/multi-s22";
import { S23 } from "./truth/multi-s23";
import { S24 } from "./truth/multi-s24";
import { B2_ONE } from "./truth/blind2-one";
import { B2_MULTI } from "./truth/blind2-multi";
import { STUDENTS } from "./truth/students";
import { B3_FAY } from "./truth/blind3-fay";
import { B3_GUS } from "./truth/blind3-gus";
import { B3_HANA } from "./truth/blind3-hana";
import { B4_IVY } from "./truth/blind4-ivy";
import { B4_JON } from "./truth/blind4-jon";
import { B4_KIM } from "./truth/blind4-kim";
import { B5_LEA } from "./truth/blind5-lea";
import { B5_MAX } from "./truth/blind5-max";
import { B5_NIA } from "./truth/blind5-nia";
import { B6_ODA } from "./truth/blind6-oda";
import { B6_QUY } from "./truth/blind6-quy";
import { B6_PAT } from "./truth/blind6-pat";
import { B7_REN } from "./truth/blind7-ren";
import { B7_SOL } from "./truth/blind7-sol";
import { B7_TAM } from "./truth/blind7-tam";
import { B8_UMA } from "./truth/blind8-uma";
import { B8_VIC } from "./truth/blind8-vic";
import { B8_WES } from "./truth/blind8-wes";
import type { Implementation } from "./truth/types";

export type { Criterion, Form, Implementation, Mistake } from "./truth/types";
export { CRITERIA } from "./truth/types";
export type { Outcome, Witness } from "./_witness/observe";

export const HELDOUT: readonly Implementation[] = [...ONE_MISTAKE, ...MULTI_MISTAKE, ...STUDENTS, ...S12, ...S13, ...S15, ...S16, ...S17, ...S18, ...S19, ...S20, ...S21, ...S22, ...S23, ...S24, ...B2_ONE, ...B2_MULTI, ...B3_GUS, ...B3_HANA, ...B3_FAY, ...B4_IVY, ...B4_JON, ...B4_KIM, ...B5_LEA, ...B5_MAX, ...B5_NIA, ...B6_ODA, ...B6_QUY, ...B6_PAT, ...B7_REN, ...B7_SOL, ...B7_TAM, ...B8_UMA, ...B8_VIC, ...B8_WES];
