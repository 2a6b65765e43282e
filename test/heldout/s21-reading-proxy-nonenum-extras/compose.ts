// Three reading mistakes of the student's reader: a Proxy refused as not plain data; a
// non-enumerable field taken as missing (fields found with Object.keys); a message's extra
// fields kept in the copy (a spread).
import { maker } from "../_kit/assemble";
import { extraFieldsKept, readingMistake21 } from "../_kit/s21";

export const make = maker({
  "input-proxy-refused": readingMistake21({ proxyRefused: true }),
  "non-enumerable-field-refused": readingMistake21({ nonEnumerableRefused: true }),
  "extra-fields-kept": extraFieldsKept,
});
