// Text from a submission (load errors, error names, codes and messages, its output) and from the
// file system (folder names) is hostile wherever a report shows it. One escaper per kind of sink:
// whatever the text holds, the sink shows it as text and nothing else (docs/security.md).

/**
 * C0 and C1 controls (escape sequences, carriage returns, newlines that would forge a line, the
 * 8-bit CSI), DEL, and the invisible formatting characters that reorder or hide text (bidi
 * overrides and isolates, zero-width marks, line and paragraph separators).
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

function escapeCode(char: string): string {
  const code = char.charCodeAt(0);
  if (char === "\n") return "\\n";
  if (char === "\r") return "\\r";
  if (char === "\t") return "\\t";
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** One line of terminal text: every control or invisible formatting character written as an escape (\x1b, \n, \u202e). */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escapeCode);
}

/** Characters XML 1.0 forbids (all C0 controls but tab, newline and carriage return), and lone surrogates. */
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const XML_NONCHARACTER = /[\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text for an XML attribute or text node, or (`cdata`) the inside of a CDATA section: characters
 * XML forbids become visible escapes (U+FFFD for lone surrogates and U+FFFE/U+FFFF), and no `]]>`
 * is left to close the section early (written `]]\x3e`: junit-report-builder splits only the
 * first one across two sections, so a second forged a test case).
 */
export function xmlText(text: string, options: { readonly cdata?: boolean } = {}): string {
  const safe = text.replace(XML_FORBIDDEN, escapeCode).replace(XML_NONCHARACTER, "\ufffd");
  return options.cdata === true ? safe.split("]]>").join("]]\\x3e") : safe;
}

/**
 * Inline Markdown for untrusted text: a code span (fenced with more backticks than the text holds
 * in a row), inside which Markdown and HTML are shown as written; newlines and controls escaped
 * first, so it stays on its line.
 */
export function markdownCode(text: string): string {
  const line = printable(text);
  if (line.length === 0) return "(empty)";
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = line.startsWith("`") || line.endsWith("`") || (line.startsWith(" ") && line.endsWith(" ")) ? " " : "";
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** A CSV cell's text: one line, and never read as a formula by a spreadsheet (a leading =, +, -, @ gets a '). */
export function csvText(text: string): string {
  const line = printable(text);
  return /^[=+\-@]/.test(line) ? `'${line}` : line;
}
