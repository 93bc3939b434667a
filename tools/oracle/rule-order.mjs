#!/usr/bin/env node
// rule-order.mjs: tsume's three futility rules against each other on a problem file.  The
// rules shape only the length and the line, never whether a mate exists, and each takes
// replies away from the next (delay from capture, capture from none), so:
//   - no problem is a mate under one rule and a proven no-mate under another;
//   - where two rules both prove the length shortest, the narrower rule's is no longer
//     (delay <= capture <= none: the brief's invariant, the composers' length never above
//     the length with every defence counted);
//   - where only the narrower proves its length, that length is within the bound the
//     wider one proved (its `within`).
// No referee is needed: this holds on any diagram, such as those of perturb.mjs.
//
//   node tools/oracle/rule-order.mjs FILE [NODES]
//
// Each rule solves FILE with `--format json --jobs 1 --nodes NODES` (default 2000000), two
// rules at a time.  Prints one line a violation, then a summary; exit 1 on any violation,
// 2 when the tool cannot run.  TSUME (default ./tsume) may be set in the environment.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './modules.mjs';

const USAGE = 'usage: node tools/oracle/rule-order.mjs FILE [NODES]';
const [file, nodesArg] = process.argv.slice(2);
if (file === '--help' || file === '-h') {
    console.log(`${USAGE}\n(see the file's comment)`);
    process.exit(0);
}
if (!file || file.startsWith('-')) {
    console.error(file ? `rule-order: unknown option ${file}\n${USAGE}` : USAGE);
    process.exit(2);
}
const nodes = Number(nodesArg || 2000000);
if (!Number.isInteger(nodes) || nodes < 1) {
    console.error(`rule-order: NODES must be a positive integer, not '${nodesArg}'`);
    process.exit(2);
}
const tsume = path.resolve(process.env.TSUME || path.join(ROOT, 'tsume'));
const RULES = ['delay', 'capture', 'none']; // narrowest first

function solve(rule) {
    return new Promise((resolve, reject) => {
        const args = ['solve', '--format', 'json', '--jobs', '1', '--futile', rule, '--nodes', String(nodes), '-f', file];
        const p = spawn(tsume, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '', err = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (err += d));
        p.on('error', reject);
        p.on('close', (code) => {
            if (code === null || code > 2) return reject(new Error(`tsume --futile ${rule} failed: ${err.trim()}`));
            resolve(out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)));
        });
    });
}

let runs;
try {
    const first = await Promise.all([solve(RULES[0]), solve(RULES[1])]);
    runs = [...first, await solve(RULES[2])];
} catch (e) {
    console.error(`rule-order: ${e.message}`);
    process.exit(2);
}
if (runs.some((r) => r.length !== runs[0].length)) {
    console.error(`rule-order: the rules answered ${runs.map((r) => r.length).join(', ')} problems`);
    process.exit(2);
}
// A file tsume could not read (its id-0 object) or one with no problem in it compares
// nothing: that is no pass.
const unread = runs[0].find((r) => r.id === 0 && r.status === 'error');
if (unread || !runs[0].some((r) => r.status !== 'error')) {
    console.error(`rule-order: ${unread ? unread.error : `no problem posed in ${file}`}`);
    process.exit(2);
}

let violations = 0, compared = 0, equal = 0, shorter = 0, bounded = 0;
const count = { mate: 0, nomate: 0, mixed: 0, error: 0 };
for (let i = 0; i < runs[0].length; i++) {
    const a = RULES.map((_, k) => runs[k][i]);
    const where = `${file}:${a[0].id}`;
    const say = (msg) => {
        violations++;
        console.log(`VIOLATION ${where}  ${msg}  ${a[0].sfen}`);
    };
    if (a[0].status === 'error') {
        count.error++;
        continue;
    }
    const st = a.map((r) => r.status);
    if (st.includes('mate') && st.includes('nomate')) say(`answers ${RULES.map((r, k) => `${r} ${st[k]}`).join(', ')}`);
    if (st.every((s) => s === 'mate')) count.mate++;
    else if (st.every((s) => s === 'nomate')) count.nomate++;
    else count.mixed++;
    for (let n = 0; n < 3; n++)
        for (let w = n + 1; w < 3; w++) {
            const x = a[n], y = a[w];
            if (x.status !== 'mate' || y.status !== 'mate' || !x.shortest) continue;
            if (y.shortest) {
                compared++;
                if (x.plies > y.plies) say(`${RULES[n]} ${x.plies} is longer than ${RULES[w]} ${y.plies}`);
                else if (x.plies === y.plies) equal++;
                else shorter++;
            } else {
                bounded++;
                if (x.plies > y.within) say(`${RULES[n]} ${x.plies} is beyond ${RULES[w]}'s proven bound ${y.within}`);
            }
        }
}
console.log(`${runs[0].length} problems: ${count.mate} mates and ${count.nomate} no-mates under all three rules, ` +
    `${count.mixed} with some answer open, ${count.error} not posed; ${compared} pairs of proven lengths ` +
    `(${shorter} shorter under the narrower rule, ${equal} equal), ${bounded} proven against a bound; ` +
    `${violations} violation${violations === 1 ? '' : 's'}`);
process.exitCode = violations ? 1 : 0;
