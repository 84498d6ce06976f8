/**
 * `npm run documents:check -- <manifest>...`: checks manifests of trusted documents (codegen's
 * `persisted-documents.json` or Apollo's `persisted-query-manifest.json`) against the schema this
 * checkout builds, as the gateway does when it loads them (TRUSTED_DOCUMENTS): for a frontend's CI,
 * before a manifest reaches a gateway. Prints each problem, naming the manifest and the operation, and
 * exits 1 when there is one.
 */
import { readManifest } from '../src/lib/document-manifest.js';
import { checkManifest } from '../src/plugins/trusted-documents.js';
import { schema } from '../src/schema/index.js';

const paths = process.argv.slice(2).filter((arg) => arg !== '--');
if (paths.length === 0) {
  process.stderr.write('usage: npm run documents:check -- <manifest.json>...\n');
  process.exit(2);
}
let documents = 0;
const problems: string[] = [];
for (const path of paths) {
  try {
    const listed = readManifest(path);
    documents += listed.length;
    problems.push(...checkManifest(path, listed, schema));
  } catch (error) {
    problems.push((error as Error).message);
  }
}
if (problems.length) {
  process.stderr.write(`${problems.join('\n')}\n${problems.length} problem${problems.length === 1 ? '' : 's'} in ${paths.length} manifest${paths.length === 1 ? '' : 's'}\n`);
  process.exit(1);
}
process.stdout.write(`${documents} documents in ${paths.length} manifest${paths.length === 1 ? '' : 's'} check against the schema\n`);
