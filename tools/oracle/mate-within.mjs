#!/usr/bin/env node
// mate-within.mjs SFEN N: is there a mate within N plies, every legal reply counting (the
// game's rules, tsume's --futile none)?  An outside referee for short bounds: a plain
// depth-first search over the shogiops rules library, which shares no code with tsume.
// The attacker (the side to move) tries every legal checking move, shortest bound first
// (1, 3, ..., N); the defender every legal reply.  Exponential: meant for N up to 9 on
// positions with a few dozen checks.  Prints "mate within K: MOVES (V visits)" with the
// shortest K and one line (the attacker's first mating move, then, below each check, the
// first reply in generation order and its line), or "no mate within N (V visits)".
// Exit 0 either way, 2 when it cannot run.
import { importPkg } from './modules.mjs';
import { legalMoves } from './legal.mjs';

const { parseSfen } = await importPkg('shogiops', './sfen');
const { makeUsi } = await importPkg('shogiops', './util');

const [sfen, bound] = process.argv.slice(2);
const limit = Number(bound);
if (!sfen || !Number.isInteger(limit) || limit < 1 || limit % 2 === 0) {
    console.error('usage: mate-within.mjs SFEN N   (N odd, at least 1)');
    process.exit(2);
}
const parsed = parseSfen('standard', sfen, false);
if (parsed.isErr) {
    console.error(`bad SFEN: ${parsed.error.message}`);
    process.exit(2);
}
const root = parsed.value;


let visits = 0;

// The attacker to move: a line mating within n plies, or null.
function mate(pos, n) {
    for (const check of legalMoves(pos)) {
        const after = pos.clone();
        after.play(check);
        visits++;
        if (!after.isCheck()) continue;
        const replies = legalMoves(after);
        if (replies.length === 0) return [check];
        if (n < 3) continue;
        let line = null;
        for (const reply of replies) {
            const next = after.clone();
            next.play(reply);
            const sub = mate(next, n - 2);
            if (!sub) {
                line = null;
                break;
            }
            if (!line) line = [reply, ...sub];
        }
        if (line) return [check, ...line];
    }
    return null;
}

for (let n = 1; n <= limit; n += 2) {
    const line = mate(root, n);
    if (line) {
        console.log(`mate within ${n}: ${line.map(makeUsi).join(' ')} (${visits} visits)`);
        process.exit(0);
    }
}
console.log(`no mate within ${limit} (${visits} visits)`);
