// Finds the relative links of a markdown text, for the docs link check. Links inside fenced
// code blocks and inline code spans are not links; external links (a scheme such as https:
// or mailto:) and pure #anchors are not files.

export type MarkdownLink = { readonly target: string; readonly line: number };

/** The text with fenced code blocks and inline code spans blanked (line numbers kept). */
function withoutCode(text: string): string {
  let inFence = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return "";
      }
      return inFence ? "" : line.replace(/`+[^`]*`+/g, "");
    })
    .join("\n");
}

/** Inline links `[text](target "title")`, images included, and reference definitions `[x]: target`. */
export function markdownLinks(text: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(text)
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        links.push({ target: match[1]!, line: index + 1 });
      }
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(line);
      if (definition) links.push({ target: definition[1]!, line: index + 1 });
    });
  return links;
}

/** The file part of a relative link, or null for an external link or a pure anchor. */
export function relativeFile(target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) return null;
  const file = target.replace(/[?#].*$/, "");
  return decodeURIComponent(file);
}
