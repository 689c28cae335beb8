import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README is a front page that sends readers into docs/ and the folders' READMEs; a page moved
// or a heading renamed must not leave a link going nowhere.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** README.md, every page of docs/, and every README.md of the top-level folders and src/. */
function pages(): string[] {
  const found = [join(ROOT, 'README.md')];
  found.push(...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(ROOT, 'docs', name)));
  for (const folder of ['bench', 'deploy', 'fixtures', 'scripts', 'test']) {
    if (existsSync(join(ROOT, folder, 'README.md'))) found.push(join(ROOT, folder, 'README.md'));
  }
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name === 'README.md' ? [path] : [];
    });
  return [...found, ...walk(join(ROOT, 'src'))];
}

/** The text outside fenced code blocks and inline code, where a `[x](y)` is no link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link targets of inline links `[text](target)` and reference definitions `[x]: target`. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  const references = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!);
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = match[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('links in the README, docs/ and the folders’ READMEs', () => {
  const checked = pages();

  it('finds the pages and their links', () => {
    expect(checked.length).toBeGreaterThan(15);
    expect(linkTargets(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('docs/compatibility.md');
  });

  it('lead to files that exist, and to headings those files have', () => {
    const broken: string[] = [];
    for (const page of checked) {
      const text = readFileSync(page, 'utf8');
      for (const target of linkTargets(text)) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // http:, https:, mailto: — not ours to check
        const [path, anchor] = target.split('#', 2) as [string, string | undefined];
        const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
        const where = `${relative(ROOT, page)} -> ${target}`;
        if (!existsSync(file)) {
          broken.push(`${where}: no such file`);
          continue;
        }
        if (anchor !== undefined && file.endsWith('.md') && statSync(file).isFile() && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`${where}: no such heading`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads anchors and links as GitHub does', () => {
    expect([...headingAnchors("## Pointing TEC's MCP server at the service\n## Tickets under `tec/v1` (Event Tickets)\n## A\n## A")]).toEqual([
      'pointing-tecs-mcp-server-at-the-service',
      'tickets-under-tecv1-event-tickets',
      'a',
      'a-1',
    ]);
    expect(linkTargets('see [x](docs/a.md#b) and `[y](not-a-link.md)`\n```\n[z](nor-this.md)\n```\n[r]: ../c.md')).toEqual(['docs/a.md#b', '../c.md']);
  });
});
