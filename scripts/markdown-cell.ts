// A cell of a Markdown table in a generated doc (docs/properties.md, rubric.md, latitude.md, the
// contract's glossary): our own text on one line, its pipes escaped.

export const tableCell = (text: string | number): string => String(text).replace(/\|/g, "\\|").replace(/\n/g, " ");
