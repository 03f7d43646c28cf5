/**
 * Changelogs are written hard-wrapped at 120 columns (CHANGELOG.md, the release feed). Shown as they are in a narrow
 * box, each wrapped line breaks twice; this joins a list item's or a paragraph's continuation lines into one line,
 * so the box wraps them itself. Blank lines, headings, list items and indented code stay where they are.
 */
export function unwrapText(text: string): string {
  const out: string[] = [];
  let joinable = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    const starts = trimmed === '' || /^(#{1,6}\s|[-*+]\s|\d+[.)]\s|```|>|\|)/.test(trimmed) || /^ {4}|\t/.test(line);
    if (joinable && !starts) {
      out[out.length - 1] += ` ${trimmed}`;
      continue;
    }
    out.push(line);
    joinable = trimmed !== '' && !/^(#{1,6}\s|```|\|)/.test(trimmed) && !/^ {4}|\t/.test(line);
  }
  return out.join('\n');
}
