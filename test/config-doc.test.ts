/** docs/configuration.md is generated from the variables of src/config/sections/: it must be what `npm run config-doc` writes now, the few primary ones first. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTIONS, VARIABLES } from '../src/config/index.js';
import { CONFIG_DOC, renderConfigDoc } from '../scripts/config-doc.js';

describe('docs/configuration.md', () => {
  it('is what the variables declared in src/config/sections/ render (run `npm run config-doc` after changing one)', () => {
    expect(readFileSync(CONFIG_DOC, 'utf8')).toBe(renderConfigDoc());
  });

  it('lists every variable loadConfig reads, each with its default, what it accepts, a meaning and a known section', () => {
    const doc = renderConfigDoc();
    for (const [name, spec] of Object.entries(VARIABLES)) {
      expect(doc, name).toContain(`| \`${name}\` |`);
      expect(spec.default, name).not.toBe('');
      expect(spec.accepts, name).not.toBe('');
      expect(spec.meaning.length, name).toBeGreaterThan(10);
      expect(Object.keys(SECTIONS), name).toContain(spec.section);
      // Once: a primary variable in the first table only, any other in its section only.
      expect(doc.split(`| \`${name}\` |`).length - 1, name).toBe(1);
    }
  });

  it('starts with the few variables most deployments set (at most twelve), the rest by topic after them', () => {
    const primary = Object.entries(VARIABLES).filter(([, spec]) => spec.primary).map(([name]) => name);
    expect(primary.length).toBeGreaterThanOrEqual(8);
    expect(primary.length).toBeLessThanOrEqual(12);
    const doc = renderConfigDoc();
    const first = doc.slice(doc.indexOf('## Start here'), doc.indexOf('\n## ', doc.indexOf('## Start here') + 1));
    for (const name of primary) expect(first, name).toContain(`| \`${name}\` |`);
    expect(first.match(/^\| `/gm)).toHaveLength(primary.length);
  });
});
