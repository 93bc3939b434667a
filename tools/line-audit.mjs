#!/usr/bin/env node
// line-audit.mjs: a stated mating line against best play, move pair by move pair: where
// does it part from the composers' minimax (the attacker's fastest mate, the defender's
// longest resistance)?  `tsume verify` names the first place the stated line leaves its
// own main line; this follows the stated line to its end, as problems/DIFFERENCES.md's
// evidence was gathered by hand.
//
//   node tools/line-audit.mjs [tsume solve options] SFEN 'MOVES'
//   node tools/line-audit.mjs [tsume solve options] -f FILE [LINE]
//
// MOVES are USI moves; FILE is a problem file whose third column holds the line (as
// problems/*.sfen), LINE the line number of one problem in it (default: every problem).
// The options --jobs, --hash, --time-limit, --nodes, --shorten-nodes, --futile,
// --delay-nodes and --defender-hand go to `tsume solve` (default --nodes 3000000 a
// position); any other is refused.  TSUME (default ./tsume) may name the binary.
//
// Every position of the line with the attacker to move, P_i after i plies, is solved: a
// mate within hi_i plies is proven, and when its length is proven shortest none within
// lo_i - 2 (lo_i = hi_i), else lo_i is 1.  For the move pair at plies i+1, i+2 (check c,
// reply r):
//   - no mate after it (P_{i+2} proven no mate): r escapes; c does not force mate;
//   - lo_{i+2} + 2 > hi_i: the line is slower here than best play: c is slower than the
//     best check, or r is an interposition the futility rule does not count (a futile one
//     still costs the line two plies); when c is the check tsume's mate within hi_i starts
//     with, it is the latter, since a counted reply cannot outlast that mate; otherwise the
//     position after c is solved with its side to move defending (--in-check defend): a
//     longest defence of D plies, 1 + D > hi_i, makes c slower, 1 + D <= lo_i makes it as
//     fast as best play and r the uncounted reply;
//   - hi_{i+2} + 2 < lo_i: r is mated sooner than the longest defence against c lasts.
// Where a limit leaves the bounds apart, nothing is said: the pair is undecided when its
// figures could go either way.  The last check must leave no reply: tsume evasions is asked.
// Each position is solved as a problem of its own, without the line's path before it, so
// a position with the attacker to move that the line has passed before (board, hands and
// side the same) is named on its own: the line goes round, which no mating line needs (and
// a check repeated for ever is no mate).  A defender-to-move position met twice is seen
// only when the attacker's positions after it are the same too.  Exit 0: best play at
// every ply; 5: the line departs from it somewhere; 1: nothing found, some pair undecided;
// 2: bad usage (a LINE that holds no problem, a file with no stated line, a start that is
// no position, an empty line) or a tool failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsume = path.resolve(process.env.TSUME || path.join(ROOT, 'tsume'));

function usage(code) {
    (code ? console.error : console.log)(
        "usage: node tools/line-audit.mjs [tsume solve options] SFEN 'MOVES'\n" +
        '       node tools/line-audit.mjs [tsume solve options] -f FILE [LINE]');
    process.exit(code);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) usage(0);
const solveOpts = [];
let file = null, only = null;
const words = [];
// The options of `tsume solve` that shape the search, each with its value; the others
// (--format, --board, --kif, --expect) would change what the audit reads.
const PASSED = ['--jobs', '--hash', '--time-limit', '--nodes', '--shorten-nodes', '--futile', '--delay-nodes',
    '--defender-hand'];
for (let i = 0; i < args.length; i++) {
    if (args[i] === '-f') file = args[++i];
    else if (PASSED.includes(args[i]) && i + 1 < args.length) solveOpts.push(args[i], args[++i]);
    else if (args[i].startsWith('--')) {
        console.error(`line-audit: '${args[i]}' is not an option here (${PASSED.join(', ')} take a value)`);
        process.exit(2);
    } else words.push(args[i]);
}
if (!solveOpts.includes('--nodes')) solveOpts.push('--nodes', '3000000');

// The problems: [{name, sfen, moves: [...]}]
const problems = [];
if (file) {
    if (words.length > 1) usage(2);
    if (words.length && !/^[1-9][0-9]*$/.test(words[0])) {
        console.error(`line-audit: LINE must be a line number, not '${words[0]}'`);
        process.exit(2);
    }
    only = words.length ? Number(words[0]) : null;
    let text;
    try {
        text = fs.readFileSync(file, 'utf8');
    } catch (e) {
        console.error(`line-audit: cannot read ${file}: ${e.message}`);
        process.exit(2);
    }
    text.split('\n').forEach((line, k) => {
        if (!line.trim() || line.startsWith('#') || (only !== null && k + 1 !== only)) return;
        const col = line.split('\t');
        const moves = (col[2] || '').trim();
        if (!moves || moves === '-') {
            console.log(`${file}:${k + 1}  no stated line (third column)`);
            return;
        }
        problems.push({ name: `${file}:${k + 1}`, sfen: col[0].trim(), moves: moves.split(/\s+/) });
    });
    if (!problems.length) {
        // nothing audited is no 'best play at every ply'
        console.error(`line-audit: ${only !== null ? `line ${only} of ${file} holds no problem with a stated line`
            : `no problem with a stated line in ${file}`}`);
        process.exit(2);
    }
} else {
    if (words.length !== 2 || !words[1].trim()) usage(2);
    problems.push({ name: 'problem 1', sfen: words[0].replace(/^(position\s+)?sfen\s+/, ''), moves: words[1].trim().split(/\s+/) });
}

function run(cmdArgs, input) {
    const r = spawnSync(tsume, cmdArgs, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.error) {
        console.error(`line-audit: cannot run ${tsume}: ${r.error.message}`);
        process.exit(2);
    }
    return r;
}

const at = (sfen, moves, n) => (n ? `${sfen} moves ${moves.slice(0, n).join(' ')}` : sfen);
let departures = 0, undecided = 0, broken = 0;
for (const pb of problems) {
    const S = pb.moves.length;
    console.log(`${pb.name}  ${pb.sfen}`);
    console.log(`  stated   ${S} plies: ${pb.moves.join(' ')}`);
    // Every attacker-to-move position of the line, solved in one batch.
    const plies = [];
    for (let i = 0; i < S; i += 2) plies.push(i);
    const r = run(['solve', '--format', 'json', ...solveOpts, '-f', '-'], plies.map((i) => at(pb.sfen, pb.moves, i)).join('\n') + '\n');
    const res = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    if (res.length !== plies.length) {
        console.error(`line-audit: tsume solve gave ${res.length} answers for ${plies.length} positions: ${r.stderr.trim()}`);
        process.exit(2);
    }
    const bad = res.findIndex((x) => x.status === 'error');
    if (bad === 0) {
        // the start itself: no position to audit a line from (bad input, not a departure)
        console.log(`  error    ${res[0].error}`);
        broken++;
        continue;
    }
    if (bad >= 0) {
        // The position after the first illegal move: its error names the move.
        console.log(`  error    ${res[bad].error}`);
        departures++;
        continue;
    }
    // Bounds on the best length from each position: hi (a mate proven within), lo.
    const B = res.map((x) => x.status === 'mate' ? { hi: x.within, lo: x.shortest ? x.plies : 1 }
        : x.status === 'nomate' ? { none: true } : { open: true });
    const table = plies.map((i, k) => `${i + 1}:${B[k].none ? 'none' : B[k].open ? '?' : B[k].lo === B[k].hi ? B[k].hi : `${B[k].lo}-${B[k].hi}`}/${S - i}`);
    console.log(`  best     ${table.join(' ')}   (ply: best length from there / the line's)`);
    let here = 0, open = 0;
    // The repetitions, found first (the pairs below stop at a reply that escapes), each
    // printed in ply order among the pairs' findings.
    const seen = new Map(), reps = []; // board, side and hands (the SFEN without its move number) -> ply
    plies.forEach((i, k) => {
        const key = res[k].sfen.split(' ').slice(0, 3).join(' '), j = seen.get(key);
        if (j === undefined) seen.set(key, i);
        else reps.push({ ply: i, text: `  ply ${i}   ${pb.moves[i - 1]}: back to the position ${j ? `after ply ${j}` : 'of the start'}, the line goes round (a repetition)` });
    });
    here += reps.length;
    const flush = (ply) => { while (reps.length && reps[0].ply <= ply) console.log(reps.shift().text); };
    for (let k = 0; k < plies.length; k++) {
        const i = plies[k], a = B[k], b = B[k + 1];
        const pair = `${pb.moves[i]}${i + 1 < S ? ' ' + pb.moves[i + 1] : ''}`;
        flush(i);
        if (a.none) {
            if (k === 0) { console.log('  ply 1    no mate from the start (proven)'); here++; }
            break; // else reported with the pair before
        }
        if (a.open) { open++; continue; }
        if (k + 1 === plies.length) {
            // the line's last check: a mate only if the defender has no reply left
            if (S % 2 === 0) { console.log(`  ply ${S}   the line ends on a reply`); here++; break; }
            const ev = run(['evasions', at(pb.sfen, pb.moves, S)]);
            const replies = ev.stdout.trim() ? ev.stdout.trim().split('\n').length : 0;
            if (ev.status !== 0) { console.log(`  ply ${S}   ${ev.stderr.trim()}`); here++; }
            else if (replies) {
                const left = `${pb.moves[S - 1]} leaves ${replies} repl${replies === 1 ? 'y' : 'ies'} (${ev.stdout.trim().split('\n').join(' ')})`;
                // tsume's own mate in one here is the stated check: the replies left are
                // futile interpositions, and the line ends in mate under the rule.
                if (a.hi === 1 && res[k].pv && res[k].pv[0] === pb.moves[S - 1])
                    console.log(`  ply ${S}   ${left}: futile interpositions only, a mate under the rule`);
                else {
                    console.log(`  ply ${S}   ${left}: no checkmate${a.hi === 1 && res[k].pv ? ` (tsume's mate in 1 there: ${res[k].pv[0]})` : ''}`);
                    here++;
                }
            }
            if (a.lo > 1) { console.log(`  ply ${S}   no mate in 1 here (best ${a.lo})`); here++; }
            break;
        }
        if (b.none) {
            console.log(`  ply ${i + 2}   ${pair}: no mate after this reply (proven): the check at ply ${i + 1} does not force mate against it`);
            here++;
            break;
        }
        if (b.open) { open++; continue; }
        if (b.lo + 2 > a.hi) {
            // When the stated check is the one tsume's mate within hi_i starts with, the
            // check is not slower: the reply is one the rule leaves out (a futile
            // interposition), for a counted one could not outlast that mate.
            const best = res[k].pv && res[k].pv.length ? res[k].pv[0] : null;
            let why = `the check is tsume's own there, so the reply ${pb.moves[i + 1]} is one the rule does not count (a futile interposition)`;
            if (best !== pb.moves[i]) {
                // Which of the two: the position after the check, its side to move defending
                // (--in-check defend), gives the longest defence against the stated check.
                const q = run(['solve', '--format', 'json', '--in-check', 'defend', ...solveOpts.filter((w, j, all) =>
                    !(w === '--jobs' || all[j - 1] === '--jobs')), at(pb.sfen, pb.moves, i + 1)]);
                const x = q.stdout.startsWith('{') ? JSON.parse(q.stdout.split('\n')[0]) : { status: 'error' };
                const qhi = x.status === 'mate' ? x.within : null, qlo = x.status === 'mate' && x.shortest ? x.plies : null;
                const theirs = best ? ` (tsume's check there: ${best})` : '';
                if (x.status === 'nomate')
                    why = `the check does not force mate: some other reply escapes (proven with its side to move defending)${theirs}`;
                else if (qlo !== null && qlo + 1 > a.hi)
                    why = `a slower check: against it the longest defence lasts ${qlo} plies${theirs}`;
                else if (qhi !== null && qhi + 1 <= a.lo)
                    why = `the check is as fast as best play (the longest defence against it lasts ${qhi} plies), so the reply ${pb.moves[i + 1]} is one the rule does not count (a futile interposition)`;
                else
                    why = `a slower check, or a reply the rule does not count${theirs}`;
            }
            console.log(`  ply ${i + 1}   ${pair}: slower than best play by at least ${b.lo + 2 - a.hi} plies (a mate within ${a.hi} from ply ${i + 1}, at least ${b.lo} after the pair): ${why}`);
            here++;
        } else if (b.hi + 2 < a.lo) {
            console.log(`  ply ${i + 2}   ${pair}: the reply is mated sooner than the longest defence, by at least ${a.lo - b.hi - 2} plies (mated within ${b.hi} plies after it, the longest defence at least ${a.lo - 2})`);
            here++;
        } else if (a.lo !== a.hi || b.lo !== b.hi) {
            open++;
        }
    }
    flush(Infinity);
    departures += here;
    undecided += open && !here ? 1 : 0;
    const opened = open ? `${open} pair${open === 1 ? '' : 's'} undecided (limits)` : '';
    console.log(`  audit    ${here ? `${here} place${here === 1 ? '' : 's'} where the line parts from best play${open ? `; ${opened}` : ''}`
        : open ? `no departure found; ${opened}` : 'best play at every ply'}`);
}
process.exitCode = broken ? 2 : departures ? 5 : undecided ? 1 : 0;
