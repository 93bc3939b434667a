// modules.mjs: loads the oracle's npm libraries from build/oracle/node_modules, where
// tools/oracle/setup.sh installs them (not next to the scripts, so bare imports would not
// find them; both are ESM-only, which rules out createRequire: the export map is resolved
// by hand).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULES = path.join(ROOT, 'build', 'oracle', 'node_modules');

function fatal(msg) {
    console.error(`oracle: ${msg}`);
    process.exit(2);
}

export async function importPkg(name, subpath = '.') {
    const dir = path.join(MODULES, name);
    let pj;
    try {
        pj = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    } catch {
        fatal(`npm package '${name}' not found in build/oracle/node_modules; run tools/oracle/setup.sh ../shared`);
    }
    const pick = (e) => (typeof e === 'string' ? e : e && (e.import || e.default));
    let target;
    const ex = pj.exports;
    if (ex && ex[subpath]) target = pick(ex[subpath]);
    else if (ex && ex['./*'] && subpath.startsWith('./'))
        target = pick(ex['./*']).replace('*', subpath.slice(2));
    else if (subpath === '.') target = pj.module || pj.main;
    if (!target) fatal(`cannot resolve '${name}/${subpath}'`);
    return import(pathToFileURL(path.join(dir, target)).href);
}
