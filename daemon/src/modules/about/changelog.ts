/** The section of CHANGELOG.md for one version: what follows its `## <version>` heading, up to the next one. */
export function changelogSection(text: string, version: string): string {
  const sections = text.split(/^## /m).slice(1);
  const section = sections.find((s) => {
    const heading = s.slice(0, s.indexOf('\n') >>> 0);
    return heading === version || heading.startsWith(`${version} `);
  });
  return section ? section.slice(section.indexOf('\n') + 1).trim() : '';
}
