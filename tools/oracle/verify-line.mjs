#!/usr/bin/env node
// verify-line.mjs: checks the mate lines of `tsume solve --format json` output (stdin)
// with the independent shogiops rules library: every attacker move legal and giving check,
// every defender move legal, odd length, final position checkmate, no position (board,
// hands, side to move) reached twice (a repetition is no mate for the attacker); with
// --expect-plies N, the length too (of the line itself, and the "plies" key must agree).
// Prints one line per problem and closes with "verify: N passed, N failed".  Exit 0 when
// every line passed, 1 when one failed or there was none (a solver that crashed before
// its output must not pass), 2 on bad usage or input that is not JSON lines.
import fs from 'node:fs';
import { replayAnswer } from './replay.mjs';

const usage = 'usage: tsume solve --format json ... | node tools/oracle/verify-line.mjs [--expect-plies N]';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
}
let expectPlies = null;
for (let i = 0; i < args.length; i++) {
    if (args[i] === '--expect-plies' && /^[0-9]+$/.test(args[i + 1] ?? '')) expectPlies = Number(args[++i]);
    else {
        console.error(`verify-line: bad argument '${args[i]}' (${usage})`);
        process.exit(2);
    }
}

let passed = 0, failed = 0, n = 0;
for (const line of fs.readFileSync(0, 'utf8').split('\n')) {
    n++;
    if (!line.trim()) continue;
    let d;
    try {
        d = JSON.parse(line);
    } catch {
        d = null;
    }
    if (!d || typeof d !== 'object') {
        console.error(`verify-line: input line ${n} is not a JSON object`);
        process.exit(2);
    }
    let err = null;
    if (d.status !== 'mate') err = `status ${d.status}`;
    else err = replayAnswer(d);
    if (!err && expectPlies !== null && d.pv.length !== expectPlies) err = `${d.pv.length} plies, expected ${expectPlies}`;
    if (err) failed++;
    else passed++;
    console.log(`${err ? 'FAIL' : 'ok  '} #${d.id} ${d.status} ${d.plies ?? ''} plies, ${d.nodes} nodes, ${d.time_ms} ms${err ? ': ' + err : ''}`);
}
console.log(`verify: ${passed} passed, ${failed} failed${passed + failed ? '' : ' (no line to check: a failure)'}`);
process.exitCode = failed || !passed ? 1 : 0;
