#!/usr/bin/env node
// verify-line.mjs: checks the mate lines of `tsume solve --format json` output (stdin)
// with the independent shogiops rules library: every attacker move legal and giving check,
// every defender move legal, odd length, final position checkmate, no position (board,
// hands, side to move) reached twice (a repetition is no mate for the attacker); with
// --expect-plies N, the length too.  Prints one line per problem and closes with
// "verify: N passed, N failed".
import fs from 'node:fs';
import { importPkg } from './modules.mjs';

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { parseUsi } = await importPkg('shogiops', './util');

const args = process.argv.slice(2);
const expectIdx = args.indexOf('--expect-plies');
const expectPlies = expectIdx >= 0 ? Number(args[expectIdx + 1]) : null;

function verify(sfen, pv) {
    const r = parseSfen('standard', sfen, false);
    if (r.isErr) return `bad sfen: ${r.error.message}`;
    const pos = r.value;
    // The SFEN without its move number: board, side to move, hands.
    const key = () => makeSfen(pos).split(' ').slice(0, 3).join(' ');
    const seen = new Map([[key(), 0]]);
    for (let i = 0; i < pv.length; i++) {
        const md = parseUsi(pv[i]);
        if (!md || !pos.isLegal(md)) return `ply ${i + 1}: illegal move ${pv[i]}`;
        pos.play(md);
        if (i % 2 === 0 && !pos.isCheck()) return `ply ${i + 1}: ${pv[i]} does not check`;
        const k = key();
        if (seen.has(k)) return `ply ${i + 1}: the position after ply ${seen.get(k)} again`;
        seen.set(k, i + 1);
    }
    if (pv.length % 2 !== 1) return `even length ${pv.length}`;
    return pos.isCheckmate() ? null : 'the final position is not checkmate';
}

let passed = 0, failed = 0;
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const d = JSON.parse(line);
    let err = null;
    if (d.status !== 'mate') err = `status ${d.status}`;
    else err = verify(d.sfen, d.pv);
    if (!err && expectPlies !== null && d.plies !== expectPlies) err = `${d.plies} plies, expected ${expectPlies}`;
    if (err) failed++;
    else passed++;
    console.log(`${err ? 'FAIL' : 'ok  '} #${d.id} ${d.status} ${d.plies ?? ''} plies, ${d.nodes} nodes, ${d.time_ms} ms${err ? ': ' + err : ''}`);
}
console.log(`verify: ${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
