/**
 * The layout rules of src/ (docs/architecture.md#layout), read from the code's own imports, so a
 * change that breaks one fails here rather than in a reviewer's reading: a ground floor of at most
 * eight files, no hand-written source file over 500 lines (there or in the tests, scripts, packages
 * and examples), no function in src/ over 80 lines, the networks named only in the identity package's
 * networks file (neither the gateway nor the sandbox names one, by its key, its graph name, its node
 * variable or as a property),
 * src/upstream/ as its index, a transport room and a room per service,
 * and in src/schema/ folders by entity that
 * never import each other in a circle, a common kit that imports no entity, and loaders that import
 * only the entities' keys files; no import circle among the files of src/ (type-only imports
 * counted), and keys and loader files below the builder.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '@avalanche-graph/identity';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');
const SCHEMA = join(SRC, 'schema');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The folders of hand-written code, all held to the size rule, and what in them is not walked: installs, builds, and `gql/` (graphql-codegen's client-preset output). */
const CODE = ['src', 'test', 'scripts', 'bench', 'packages', 'examples', 'clients', 'deploy'];
const NOT_WALKED = new Set(['node_modules', 'dist', 'gql']);
/** The longest a function in src/ may be: past it, its phases want names of their own. */
const MAX_FUNCTION_LINES = 80;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (NOT_WALKED.has(e.name) ? [] : codeFiles(join(dir, e.name))) : /\.(ts|tsx|mts|mjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** A file a program wrote (its header says so): generated code is exempt from the size rule. */
const isGenerated = (text: string) => {
  const head = text.slice(0, 600);
  return /^\/\/ .*generated|^\/\*\*?[^*]*\bgenerated\b/i.test(head) || (/^\/\*/.test(head) && /\bgenerated\b/i.test(head) && /do not edit/i.test(head));
};

/** The relative modules a file imports: for their values only (type-only imports and exports are erased), or all of them. */
function valueImports(file: string, withTypes = false): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      typeOnly = statement.isTypeOnly;
    }
    if (!specifier || (typeOnly && !withTypes) || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    found.push(resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts')));
  }
  return found;
}

/**
 * The unit of src/schema a file belongs to: its folder, or the file's own name at the top. A folder's
 * keys files (`keys.ts`, `*-keys.ts`: its local ids and shapes) are a unit of their own below it, so
 * that the loaders can sit between an entity's keys and its types: the types read through the
 * loaders, the loaders know the keys.
 */
const unitOf = (file: string) => {
  const [top, ...rest] = relative(SCHEMA, file).split(sep);
  return rest.length && /(^|-)keys\.ts$/.test(rest.at(-1)!) ? `${top}/keys` : top!.replace(/\.ts$/, '');
};

/** Every import (value imports, or all) from one src/schema unit into another, as `from -> to` with the files. */
function schemaEdges(withTypes = false): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of tsFiles(SCHEMA)) {
    for (const target of valueImports(file, withTypes)) {
      if (!target.startsWith(SCHEMA + sep)) continue;
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      const out = edges.get(from) ?? new Map<string, string[]>();
      out.set(to, [...(out.get(to) ?? []), `${relative(SRC, file)} -> ${relative(SRC, target)}`]);
      edges.set(from, out);
    }
  }
  return edges;
}

/** The circles of the unit graph (each strongly connected group of two or more units). */
function circles(edges: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do group.push((w = stack.pop()!));
      while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the layout of src/', () => {
  it('keeps at most eight files on the ground floor of src/', () => {
    const files = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isFile());
    expect(files.length, `src/ holds ${files.join(', ')}`).toBeLessThanOrEqual(8);
  });

  it('has no hand-written source file over 500 lines, in src/ or beside it (tests, scripts, packages, examples)', () => {
    const long = CODE.filter((dir) => statSync(join(ROOT, dir), { throwIfNoEntry: false })?.isDirectory())
      .flatMap((dir) => codeFiles(join(ROOT, dir)))
      .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => !isGenerated(text))
      .map(({ file, text }) => `${file}: ${text.split('\n').length} lines`)
      .filter((line) => Number(line.split(': ')[1]!.split(' ')[0]) > 500);
    expect(long).toEqual([]);
  });

  it('has no function in src/ over 80 lines (its body, nested functions included)', () => {
    const long = tsFiles(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      if (isGenerated(text)) return [];
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body) {
          const body = node.body as ts.Node;
          const lines = source.getLineAndCharacterOfPosition(body.getEnd()).line - source.getLineAndCharacterOfPosition(body.getStart()).line + 1;
          const name = 'name' in node && node.name ? (node.name as ts.Node).getText() : `the function at line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          if (lines > MAX_FUNCTION_LINES) found.push(`${relative(ROOT, file)}: ${name}, ${lines} lines`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      return found;
    });
    expect(long).toEqual([]);
  });

  it("names the networks ('mainnet', 'fuji', 'testnet', the hrp 'avax') only in packages/identity/src/networks.ts: one home for network identity, the gateway's and the sandbox's", () => {
    const home = join(ROOT, 'packages', 'identity', 'src', 'networks.ts');
    const literal = /(['"`])(mainnet|fuji|testnet|avax)\1/;
    const sources = [SRC, join(ROOT, 'packages', 'sandbox', 'src'), join(ROOT, 'packages', 'identity', 'src')].flatMap(tsFiles);
    // The check has something to check: the home is among the files read and names them.
    expect(sources).toContain(home);
    expect(readFileSync(home, 'utf8')).toMatch(literal);
    const found = sources
      .filter((file) => file !== home)
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, index) => ({ file, line, index })))
      .filter(({ line }) => !/^\s*(\/\/|\/\*|\*)/.test(line) && literal.test(line))
      .map(({ file, index }) => `${relative(ROOT, file)}:${index + 1}`);
    expect(found).toEqual([]);
  });

  it('names no network by its graph name, its NODE_RPC_URL_ variable or a property of its key outside packages/identity/src/networks.ts: what a network needs derives from its entry there', () => {
    const home = join(ROOT, 'packages', 'identity', 'src', 'networks.ts');
    const keys = Object.keys(NETWORKS);
    const names = Object.values(NETWORKS).flatMap((network) => Object.keys(network.names).map((name) => name.toUpperCase()));
    // MAINNET, FUJI, TESTNET (the NetworkName values); NODE_RPC_URL_MAINNET, ...; NETWORKS.mainnet, world.networks.fuji.
    const named = new RegExp(`\\b(${names.join('|')})\\b|NODE_RPC_URL_(${keys.map((key) => key.toUpperCase()).join('|')})\\b|\\.(${keys.join('|')})\\b`);
    const sources = [SRC, join(ROOT, 'packages', 'sandbox', 'src'), join(ROOT, 'packages', 'identity', 'src')].flatMap(tsFiles);
    // The check has something to check: the home names them (its descriptions say FUJI).
    expect(readFileSync(home, 'utf8')).toMatch(named);
    const found = sources
      .filter((file) => file !== home && !isGenerated(readFileSync(file, 'utf8')))
      .flatMap((file) => readFileSync(file, 'utf8').split('\n').map((line, index) => ({ file, line, index })))
      .filter(({ line }) => !/^\s*(\/\/|\/\*|\*)/.test(line) && named.test(line))
      .map(({ file, index, line }) => `${relative(ROOT, file)}:${index + 1}: ${line.trim().slice(0, 120)}`);
    expect(found).toEqual([]);
  });

  it("keeps src/upstream/'s floor to its index, a room per service and a transport room that imports no service", () => {
    const UPSTREAM = join(SRC, 'upstream');
    expect(readdirSync(UPSTREAM).filter((name) => statSync(join(UPSTREAM, name)).isFile())).toEqual(['index.ts']);
    const transport = join(UPSTREAM, 'transport');
    const reaching = tsFiles(transport).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)]
        .map((match) => resolve(dirname(file), match[1]!))
        .filter((target) => target.startsWith(UPSTREAM + sep) && !target.startsWith(transport + sep))
        .map((target) => `${relative(ROOT, file)} imports ${relative(ROOT, target)}`),
    );
    expect(reaching).toEqual([]);
  });

  it('has no two src/schema folders importing each other, directly or around a circle', () => {
    const edges = schemaEdges();
    // The check has something to check: the entity folders do import each other one way.
    expect(edges.get('transaction')?.has('account')).toBe(true);
    const found = circles(edges).map((group) => {
      const imports = group.flatMap((from) => group.flatMap((to) => edges.get(from)?.get(to) ?? []));
      return `${group.join(', ')}:\n  ${imports.join('\n  ')}`;
    });
    expect(found).toEqual([]);
  });

  it('keeps the common kit free of any entity', () => {
    const entities = [...(schemaEdges().get('common')?.entries() ?? [])].flatMap(([, files]) => files);
    expect(entities).toEqual([]);
  });

  it('has no import circle among the files of src/, type-only imports counted: the context names no schema type', () => {
    const files = new Set(tsFiles(SRC));
    const edges = new Map<string, Map<string, string[]>>();
    for (const file of files) {
      const targets = valueImports(file, true).map((target) => (files.has(target) ? target : target.replace(/\.ts$/, `${sep}index.ts`))).filter((target) => files.has(target));
      edges.set(relative(SRC, file), new Map(targets.map((target) => [relative(SRC, target), [`${relative(SRC, file)} -> ${relative(SRC, target)}`]])));
    }
    // The check has something to check: the builder and the context are imported, and import.
    expect(edges.get('builder.ts')?.has('context.ts')).toBe(true);
    expect(circles(edges)).toEqual([]);
  });

  it('has every field check its arguments through t.checkedField: no resolver checks them again, no check is written beside one', () => {
    const kit = new Set(['common/guards.ts', 'common/checked-field.ts', 'common/federation.ts'].map((file) => join(SCHEMA, file)));
    const byHand = tsFiles(SCHEMA)
      .filter((file) => !kit.has(file))
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bcheckArgs\b/g)].map(() => relative(SRC, file)));
    expect(byHand).toEqual([]);
    // The federation plugin's `_entities` is the one field no resolver of ours serves.
    expect(readFileSync(join(SCHEMA, 'common/federation.ts'), 'utf8').match(/\bcheckArgs\b/g)).toHaveLength(1);
    expect(tsFiles(SCHEMA).filter((file) => readFileSync(file, 'utf8').includes('t.checkedField(')).length).toBeGreaterThan(30);
  });

  it('keeps the keys and loader files below the builder: nothing they import, types included, imports src/builder.ts', () => {
    const builder = join(SRC, 'builder.ts');
    const files = new Set(tsFiles(SRC));
    const importsOf = (file: string) => valueImports(file, true).map((target) => (files.has(target) ? target : target.replace(/\.ts$/, `${sep}index.ts`)));
    const below = tsFiles(SCHEMA).filter((file) => file.startsWith(join(SCHEMA, 'loaders') + sep) || /(^|-)keys\.ts$/.test(file.split(sep).at(-1)!));
    expect(below.length).toBeGreaterThan(10);
    const reaching = below.filter((file) => {
      const seen = new Set([file]);
      const queue = [file];
      while (queue.length) for (const target of importsOf(queue.shift()!)) if (!seen.has(target)) seen.add(target) && queue.push(target);
      return seen.has(builder);
    });
    expect(reaching.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('lets the loaders import only the entities\' keys files, types included', () => {
    const edges = schemaEdges(true).get('loaders') ?? new Map<string, string[]>();
    const imports = [...edges.values()].flat();
    expect(imports.length).toBeGreaterThan(0);
    const other = imports.filter((edge) => {
      const target = edge.split(' -> ')[1]!;
      return !target.startsWith(`schema${sep}common${sep}`) && !/(^|[-/])keys\.ts$/.test(target);
    });
    expect(other).toEqual([]);
  });

  it('gives each entity one loader: no loadable ref passes its keys on, unchanged, to a named loader of its own', () => {
    // The ref's own DataLoader runs its read (a `BatchRead` of src/schema/loaders): a ref whose `load`
    // only forwarded each key to a named loader made two DataLoaders per entity and per request.
    const forwarding = /load:\s*\(\w+(?::[^,]+)?,\s*ctx(?::\s*Context)?\)\s*=>\s*loadEach\(\w+,\s*\((\w+)\)\s*=>\s*loadersOf\(ctx\)\.\w+\.load\(\1\)\)/;
    const refs = tsFiles(SCHEMA)
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.includes('loadableNodeRef'));
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter(({ text }) => forwarding.test(text)).map(({ file }) => relative(SRC, file))).toEqual([]);
  });
});
