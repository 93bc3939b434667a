#!/usr/bin/env node
// peer-check.mjs: tsume against another USI mate engine (a peer, such as Debian's gpsusi)
// on a problem file, answer by answer.  The rules may differ in length (a peer that counts
// every interposition finds longer or other lines), never in whether a mate exists, so the
// only contradictions are a mate one side proves against a no-mate the other proves.
//
//   node tools/oracle/peer-check.mjs ENGINE FILE [MS] [NODES]
//
// tsume solves FILE with `--format json --jobs 1 --nodes NODES` (default 20000000) while
// the peer gets each position with `go mate MS` (default 10000) through
// ../shared/oracle/usi-mate.mjs (copied into build/oracle/, as the tests do), which replays
// every line the peer gives with shogiops: a peer mate counts only when its line checks
// out.  The two run at the same time, one core each.  Prints one line a problem where the
// answers differ, then a summary and the time each took; exit 1 when an answer contradicts the other, 2 on a
// failure of the tools themselves.  TSUME (default ./tsume) and TSUME_SHARED (default
// ../shared) may be set in the environment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './modules.mjs';

const [engine, file, msArg, nodesArg] = process.argv.slice(2);
const usage = 'usage: node tools/oracle/peer-check.mjs ENGINE FILE [MS] [NODES]';
if (engine === '--help' || engine === '-h') {
    console.log(usage);
    process.exit(0);
}
if (!engine || !file) {
    console.error(usage);
    process.exit(2);
}
const ms = Number(msArg || 10000), nodes = Number(nodesArg || 20000000);
if (!Number.isInteger(ms) || ms < 1 || !Number.isInteger(nodes) || nodes < 1) {
    // a 'go mate NaN' times out at once: every peer answer open, nothing compared
    console.error(`peer-check: MS and NODES must be positive integers, not '${msArg}', '${nodesArg}'`);
    process.exit(2);
}
const tsume = path.resolve(process.env.TSUME || path.join(ROOT, 'tsume'));
const shared = path.resolve(process.env.TSUME_SHARED || path.join(ROOT, '..', 'shared'));

function fail(msg) {
    console.error(`peer-check: ${msg}`);
    process.exit(2);
}

// Runs cmd with args; resolves with its stdout (its exit status is not an error: tsume
// exits 1 when an answer is unknown).
function run(cmd, args) {
    return new Promise((resolve, reject) => {
        const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '', err = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (err += d));
        p.on('error', reject);
        p.on('close', (code) => (code === null ? reject(new Error(`${cmd} killed`)) : resolve({ out, err, code })));
    });
}

try {
    fs.accessSync(engine, fs.constants.X_OK);
} catch (e) {
    fail(`cannot run the engine ${engine}: ${e.message}`);
}

const driver = path.join(ROOT, 'build', 'oracle', 'usi-mate.mjs');
try {
    fs.copyFileSync(path.join(shared, 'oracle', 'usi-mate.mjs'), driver);
} catch (e) {
    fail(`cannot copy usi-mate.mjs from ${shared}/oracle: ${e.message}`);
}

// First tsume, for the positions as it read them (the peer gets the same SFEN, after any
// `moves`), then both at once.
const first = await run(tsume, ['solve', '--format', 'json', '--jobs', '1', '--nodes', '1', '--shorten-nodes', '1', '-f', file]);
const rows = first.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
if (!rows.length) fail(`tsume read no problem from ${file}: ${first.err.trim()}`);
const unread = rows.find((r) => r.id === 0 && r.status === 'error');
if (unread) fail(unread.error);
const posed = rows.filter((r) => r.status !== 'error');
if (!posed.length) fail(`no position in ${file} to ask about`); // nothing compared is no pass
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'peer-check-'));
const cases = path.join(tmp, 'cases.txt');
fs.writeFileSync(cases, posed.map((r) => r.sfen).join('\n') + '\n');
const [ours, peer] = await Promise.all([
    run(tsume, ['solve', '--format', 'json', '--jobs', '1', '--nodes', String(nodes), '-f', file]),
    run(process.execPath, [driver, engine, cases, String(ms)]),
]).catch((e) => fail(e.message));
fs.rmSync(tmp, { recursive: true, force: true });

const answers = ours.out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l)).filter((r) => r.status !== 'error');
const verdicts = peer.out.split('\n').filter((l) => l.startsWith('ok ') || l.startsWith('FAIL '));
if (answers.length !== posed.length || verdicts.length !== posed.length)
    fail(`${posed.length} problems, ${answers.length} answers from tsume, ${verdicts.length} from the peer\n${peer.out}${peer.err}`);

// The peer's answer: "mate N" (its line replayed to checkmate), "nomate", or "open" (time
// ran out, no answer, or a line that does not check out, which the summary counts apart).
function peerAnswer(v) {
    const m = v.match(/^ok +.* \(\d+ ms\) (\d+)手:/);
    if (m) return { kind: 'mate', plies: Number(m[1]) };
    if (/\): no mate: nomate\s*$/.test(v)) return { kind: 'nomate' };
    if (/\): no mate: /.test(v)) return { kind: 'open' };
    return { kind: 'bad line', why: v.replace(/^FAIL .*?\(\d+ ms\): /, '') };
}

const count = {};
let contradictions = 0;
for (let i = 0; i < posed.length; i++) {
    const t = answers[i], p = peerAnswer(verdicts[i]);
    const ourKind = t.status === 'mate' ? 'mate' : t.status === 'nomate' ? 'nomate' : 'open';
    const key = `${ourKind}/${p.kind}`;
    count[key] = (count[key] || 0) + 1;
    const contra = (ourKind === 'mate' && p.kind === 'nomate') || (ourKind === 'nomate' && p.kind === 'mate');
    contradictions += contra;
    if (ourKind !== p.kind || contra) {
        const ourText = ourKind === 'mate' ? `mate ${t.plies}${t.shortest ? ' (proven shortest)' : ''}` : t.status;
        const peerText = p.kind === 'mate' ? `mate, a line of ${p.plies}` : p.why ? `a bad line (${p.why})` : p.kind;
        console.log(`${contra ? 'CONTRADICTION' : 'differs'} ${file}:${t.id}  tsume ${ourText}, peer ${peerText}  ${t.sfen}`);
    }
}
const order = ['mate/mate', 'nomate/nomate', 'mate/open', 'nomate/open', 'open/mate', 'open/nomate', 'open/open'];
const keys = [...order.filter((k) => count[k]), ...Object.keys(count).filter((k) => !order.includes(k))];
const bad = rows.length - posed.length;
console.log(`${posed.length} problems (tsume/peer): ${keys.map((k) => `${k} ${count[k]}`).join(', ')}; ` +
    `${contradictions} contradiction${contradictions === 1 ? '' : 's'}` +
    (bad ? `; ${bad} input line${bad === 1 ? '' : 's'} with no position, not asked` : ''));
// Time: tsume's own per-problem figures, and the peer's from `go mate` to its answer as
// the driver measured it (a time-out counts in full).
const ourMs = answers.reduce((t, r) => t + (r.time_ms || 0), 0);
const peerMs = verdicts.reduce((t, v) => t + Number((v.match(/ \((\d+) ms\)/) || [0, 0])[1]), 0);
console.log(`time: tsume ${(ourMs / 1000).toFixed(1)} s, peer ${(peerMs / 1000).toFixed(1)} s`);
process.exitCode = contradictions ? 1 : 0;
