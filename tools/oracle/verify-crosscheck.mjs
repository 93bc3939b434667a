#!/usr/bin/env node
// verify-crosscheck.mjs: referees `tsume verify` with the brute force of brute.mjs (the
// shogiops rules library, the composers' rules written from their statements).  For each
// short problem, tsume's report (a certified main line and its findings) is checked move by
// move along the main line:
//   - at each attacker ply k (rem plies to the mate, the main line's move included), every
//     other check m: when the report lists it as mating (cook, final-cook, promotion,
//     square, piece, transposition, detour: a finding at ply k whose line starts with m, of
//     P plies), the brute force must find the defender mated in exactly P - 1 after m (or
//     none within its bound when P - 1 lies past it); when it is not listed, none within
//     rem - 1 + E plies (--extra E; on the last move: not mated at once);
//   - at each defender ply k (rem plies after the reply), the main line's reply must be
//     mated in exactly rem, and every other reply that counts (the capture rule's futile
//     interpositions left out, as tsume's counted replies): listed as `equal` or
//     `equal-last2`, mated in exactly rem; listed as `longer` (P plies), in exactly P - 1;
//     not listed, within rem, or else an interposition the delay rule takes away at a node
//     of bound rem + 1 (the main reply being the witness).
// A finding `unknown` (a limit left it open) is passed over; so is a problem whose line is
// not certified, and a question the brute force cannot answer within --visits.
//
// Where the problems come from:
//   --random N    N random positions (brute.mjs) with a mate within --plies B under the rule
//   --lines       the position B plies before the mate on each solution line of
//                 DIR/problems/{zuko,muso}.sfen (--shared DIR), B = --plies
//   --file F      SFENs, one a line (other columns and '#' lines skipped)
//
// usage (from the repo root, after tools/oracle/setup.sh):
//   node tools/oracle/verify-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]
//        [--file F] [--shared DIR] [--sample N] [--extra E] [--visits V] [--futile RULE]
//        [--nodes N] [--bin PATH]
// --nodes: tsume verify's node limit a problem (default 20000000; what it leaves open is
// passed over).
// The last line is "verify-oracle: N passed, N failed (N skipped)"; exit status 1 on any
// mismatch, 2 when the tool itself cannot run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { importPkg } from './modules.mjs';
import { parseArgs, readRows } from './args.mjs';
import { legalMoves } from './legal.mjs';
import { captureFutile, delayFutile, guarded, linePositions, mated, randomPositions, reset, sampled, setVisits, shortest,
    shortestMated }
    from './brute.mjs';

function fatal(msg) {
    console.error(`verify-crosscheck: ${msg}`);
    process.exit(2);
}

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { parseUsi, makeUsi } = await importPkg('shogiops', './util');

const opts = parseArgs(process.argv.slice(2), {
    '--random': ['random', 'number', 1], '--seed': ['seed', 'number', 1], '--plies': ['plies', 'number', 1],
    '--sample': ['sample', 'number', 1], '--extra': ['extra', 'number', 0], '--visits': ['visits', 'number', 1],
    '--lines': ['lines', 'flag'], '--file': ['files', 'list'], '--shared': ['shared', 'word'], '--bin': ['bin', 'word'],
    '--futile': ['futile', 'word'], '--nodes': ['nodes', 'number', 1],
}, { random: 0, seed: 1, plies: 3, lines: false, files: [], shared: '../shared', sample: 0, extra: 0, visits: 3000000,
    futile: 'delay', nodes: 20000000, bin: process.env.TSUME_BIN || './tsume' },
'usage: node tools/oracle/verify-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]\n' +
    '       [--file F] [--shared DIR] [--sample N] [--extra E] [--visits V] [--futile RULE]\n' +
    '       [--nodes N] [--bin PATH]\n' +
    '       (see the file\'s comment)', fatal);
if (opts.plies % 2 === 0) fatal('--plies needs an odd number (the attacker moves first and last)');
if (opts.extra % 2) fatal('--extra needs an even number (plies past the main line\'s, a move pair each)');
if (!['none', 'capture', 'delay'].includes(opts.futile)) fatal('--futile needs none, capture or delay');
if (!opts.random && !opts.lines && !opts.files.length) fatal('nothing to check: give --random N, --lines or --file F');
setVisits(opts.visits);
const rule = opts.futile;
const t0 = Date.now();

// ---------------------------------------------------------------- problems
const problems = []; // {sfen, from}
if (opts.random) {
    let made = 0;
    for (const pos of randomPositions(opts.seed, opts.random * 100, (p) => shortest(p, 1))) {
        reset();
        const n = shortest(pos, opts.plies, rule);
        if (n <= 0) continue; // no mate within the bound, or past the budget
        problems.push({ sfen: makeSfen(pos), from: `random, seed ${opts.seed}` });
        if (++made === opts.random) break;
    }
}
if (opts.lines) {
    const found = [];
    for (const f of ['zuko.sfen', 'muso.sfen'])
        for (const { cols, line } of readRows(path.join(opts.shared, 'problems', f), fatal)) {
            const seen = linePositions(cols), at = seen.length - 1 - opts.plies;
            if (at >= 0 && at % 2 === 0 && seen[seen.length - 1].isCheckmate())
                found.push({ sfen: makeSfen(seen[at]), from: `${f}:${line}` });
        }
    problems.push(...sampled(found, opts.sample));
}
for (const f of opts.files)
    for (const { cols, line } of readRows(f, fatal)) {
        const sfen = cols[0].trim();
        if (parseSfen('standard', sfen, true).isErr) fatal(`${f}:${line}: not a position`);
        problems.push({ sfen, from: `${path.basename(f)}:${line}` });
    }

// ---------------------------------------------------------------- tsume's reports
const r = spawnSync(opts.bin, ['verify', '--format', 'json', '--jobs', '1', '--hash', '64', '--nodes', String(opts.nodes),
    '--futile', rule, '-f', '-'], { input: problems.map((p) => p.sfen + '\n').join(''), encoding: 'utf8',
    maxBuffer: 1 << 28 });
if (r.error) fatal(`cannot run ${opts.bin}: ${r.error.message}`);
const reports = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
if (reports.length !== problems.length) fatal(`${opts.bin} answered ${reports.length} of ${problems.length}: ${r.stderr}`);

// ---------------------------------------------------------------- the referee
const MATING = new Set(['cook', 'final-cook', 'promotion', 'square', 'piece', 'transposition', 'detour']);
let passed = 0, failed = 0, skipped = 0, questions = 0, open = 0, overBudget = 0;
const verdicts = {};

// The mismatches of report rep (problem pb), as strings.
function referee(pb, rep) {
    const bad = [];
    const pos = parseSfen('standard', pb.sfen, true).value;
    const n = rep.plies, pv = rep.pv.map(parseUsi);
    const listed = (k, m) => rep.findings.find((f) => f.ply === k && f.moves && f.moves[0] === m);
    for (let k = 1; k <= n; k++) {
        reset();
        const here = pos.clone(), main = rep.pv[k - 1];
        if (k % 2) {
            const rem = n - k + 1;
            for (const m of legalMoves(here)) {
                const u = makeUsi(m);
                if (u === main) continue;
                const after = here.clone();
                after.play(m);
                if (!after.isCheck()) continue;
                const f = listed(k, u);
                if (f && f.kind === 'unknown') {
                    open++;
                    continue;
                }
                if (f && !MATING.has(f.kind)) {
                    bad.push(`ply ${k}: ${u} listed as ${f.kind}`);
                    continue;
                }
                questions++;
                if (rem === 1) {
                    const m1 = guarded(() => (mated(after, 0, rule) ? 0 : -1));
                    if (m1 === null) overBudget++;
                    else if ((m1 === 0) !== !!f) bad.push(`ply ${k}: ${u} ${m1 === 0 ? 'mates at once' : 'does not mate'}, ` +
                        `the report ${f ? `lists it (${f.kind})` : 'does not list it'}`);
                    continue;
                }
                const bound = rem - 1 + opts.extra;
                const L = shortestMated(after, bound, rule);
                if (L === -2) {
                    overBudget++;
                    continue;
                }
                if (f) {
                    const want = f.plies - 1 <= bound ? f.plies - 1 : -1;
                    if (L !== want) bad.push(`ply ${k}: ${u} is listed (${f.kind}, ${f.plies} plies), the brute force ` +
                        (L < 0 ? `finds no mate within ${bound} after it` : `mates ${L} plies after it`));
                } else if (L >= 0) {
                    bad.push(`ply ${k}: ${u} is not listed, the brute force mates ${L} plies after it`);
                }
            }
        } else {
            const rem = n - k;
            for (const e of legalMoves(here)) {
                const u = makeUsi(e);
                if (rule !== 'none') {
                    const gone = guarded(() => captureFutile(here, e, 1));
                    if (gone === null) {
                        overBudget++;
                        continue;
                    }
                    if (gone) continue;
                }
                const f = listed(k, u);
                if (f && f.kind === 'unknown') {
                    open++;
                    continue;
                }
                const after = here.clone();
                after.play(e);
                questions++;
                const S = shortest(after, rem + 2, rule);
                if (S < 0) {
                    overBudget++;
                    continue;
                }
                const say = S ? `mates in ${S} after it` : `finds no mate within ${rem + 2} after it`;
                if (u === main) {
                    if (S !== rem) bad.push(`ply ${k}: the main line's ${u} leaves ${rem} plies, the brute force ${say}`);
                } else if (f && (f.kind === 'equal' || f.kind === 'equal-last2')) {
                    if (S !== rem) bad.push(`ply ${k}: ${u} is listed ${f.kind}, the brute force ${say}`);
                } else if (f && f.kind === 'longer') {
                    const want = f.plies - 1 <= rem + 2 ? f.plies - 1 : 0;
                    if (S !== want) bad.push(`ply ${k}: ${u} is listed longer (${f.plies} plies), the brute force ${say}`);
                } else if (f) {
                    bad.push(`ply ${k}: ${u} listed as ${f.kind}`);
                } else if (S === 0 || S > rem) {
                    const futile = rule === 'delay' && guarded(() => delayFutile(here, e, rem + 1));
                    if (futile === null) overBudget++;
                    else if (!futile) bad.push(`ply ${k}: ${u} is not listed, the brute force ${say} (the main line: ${rem})`);
                }
            }
        }
        pos.play(pv[k - 1]);
    }
    return bad;
}

reports.forEach((rep, i) => {
    const pb = problems[i];
    verdicts[rep.verdict] = (verdicts[rep.verdict] || 0) + 1;
    if (rep.exact !== true || !rep.pv || !rep.plies) {
        skipped++;
        return;
    }
    if (process.stderr.isTTY) // the brute force's progress, redrawn
        process.stderr.write(`\rreferee: ${i + 1} of ${reports.length} problems, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const bad = referee(pb, rep);
    if (bad.length) {
        failed++;
        console.log(`MISMATCH (${pb.from}) ${pb.sfen}: ${bad.join('; ')}`);
    } else passed++;
});
if (process.stderr.isTTY && reports.length) process.stderr.write('\n');
console.log(`verdicts: ${Object.entries(verdicts).sort().map(([k, v]) => `${k} ${v}`).join(', ')}; ${questions} ` +
    `alternatives asked, ${open} left open by tsume, ${overBudget} past the brute force's budget; ` +
    `${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`verify-oracle: ${passed} passed, ${failed} failed (${skipped} skipped)`);
process.exit(failed ? 1 : 0);
