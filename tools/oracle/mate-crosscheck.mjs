#!/usr/bin/env node
// mate-crosscheck.mjs: compares tsume's bounded mate search with brute forces over an
// independent rules library (brute.mjs, shared with verify-crosscheck.mjs).  For each
// position the brute force (shogiops) finds the shortest mate within a small bound, or
// none, three times: with every legal reply counted (tsume's
// --futile none), and under each composers' rule as README ("Futile interpositions") and
// solver/futile.h state them (--futile capture, --futile delay), written here from those
// statements alone.  `tsume check --plies B --futile RULE` must give the same answer and
// length under each rule.  Two invariants of the rules are checked as well: a mate within B
// with every reply counted is one under `--futile capture`, no longer, and one under
// `--futile capture` is one under `--futile delay`, no longer (both rules only take replies
// away).
//
// Where the positions come from:
//   --random N    N random positions: a defender king on the top four ranks, two to six
//                 attacking and up to four defending pieces around it (promoted ones too), an
//                 attacker king sometimes, random hands; reproducible from --seed.  Two in
//                 three positions with a mate in one are passed over, so that longer answers
//                 are not drowned.
//   --lines       every position with the attacker to move along the solution lines of
//                 DIR/problems/*.sfen: bound 5 within the last 9 plies of a line, 3 elsewhere.
//   --file F      the positions of F, a line each: SFEN, TAB, bound, and optionally TAB and the
//                 brute force's answers as recorded (the shortest mate, 0 for none: N with
//                 every reply counted, or N,C,D adding the capture and delay rules' answers;
//                 '-' or nothing: found now), for positions too costly to search at every run;
//                 other columns and '#' lines are skipped.  tests/data/oracle_positions.tsv
//                 holds positions on which planted bugs of the search were seen to give wrong
//                 answers, tests/data/futile_positions.tsv positions where a composers' rule
//                 changes the answer.  --recompute searches the recorded ones too and fails
//                 where they differ.
// Any of them may be combined.  The bound of random positions is --plies (odd, default 3).
//
// usage (from the repo root, after tools/oracle/setup.sh):
//   node tools/oracle/mate-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]
//        [--file F [--recompute]] [--shared DIR] [--sample N] [--visits V] [--bin PATH]
//        [--record F]
//     --sample N   keep about N of the line positions (every k-th one)
//     --visits V   the brute force's moves played per position (default 3000000); a position
//                  that needs more is passed over and counted as skipped (a random one is
//                  replaced by another, so --random N still checks N)
//     --bin PATH   the tsume binary (default $TSUME_BIN, else ./tsume)
//     --record F   write to F, as --file rows with N,C,D, the searched positions where a
//                  composers' rule changes the answer
// The last line is "mate-oracle: N passed, N failed (N skipped)"; exit status 1 on any
// mismatch or when nothing was checked (an empty --file is no pass), 2 when the tool
// itself cannot run.  On a terminal the brute force's progress
// is redrawn on stderr.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importPkg } from './modules.mjs';
import { parseArgs, readRows } from './args.mjs';
import { linePositions, randomPositions, reset, sampled, setVisits, shortest } from './brute.mjs';

function fatal(msg) {
    console.error(`mate-crosscheck: ${msg}`);
    process.exit(2);
}

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');

const opts = parseArgs(process.argv.slice(2), {
    '--random': ['random', 'number', 1], '--seed': ['seed', 'number', 1], '--plies': ['plies', 'number', 1],
    '--sample': ['sample', 'number', 1], '--visits': ['visits', 'number', 1], '--lines': ['lines', 'flag'],
    '--recompute': ['recompute', 'flag'], '--file': ['files', 'list'], '--shared': ['shared', 'word'],
    '--bin': ['bin', 'word'], '--record': ['record', 'word'],
}, { random: 0, seed: 1, plies: 3, lines: false, files: [], recompute: false, shared: '../shared', sample: 0,
    visits: 3000000, record: '', bin: process.env.TSUME_BIN || './tsume' },
'usage: node tools/oracle/mate-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]\n' +
    '       [--file F [--recompute]] [--shared DIR] [--sample N] [--visits V] [--bin PATH]\n' +
    '       [--record F]\n' +
    '       (see the file\'s comment)', fatal);
if (opts.plies % 2 === 0) fatal('--plies needs an odd number (the attacker moves first and last)');
if (!opts.random && !opts.lines && !opts.files.length) fatal('nothing to check: give --random N, --lines or --file F');
setVisits(opts.visits);
const t0 = Date.now();

// ---------------------------------------------------------------- positions
// {sfen, bound, want, capture, delay, from}: want, the brute force's answer with every
// reply counted; capture, delay: under the two composers' rules (null: not searched, for a
// recorded answer).
const cases = [];
let skipped = 0;

// On a terminal, the brute force's progress (a run over --lines takes most of an hour).
let searched = 0;
function progress() {
    if (process.stderr.isTTY && ++searched % 20 === 0)
        process.stderr.write(`\rbrute force: ${searched} positions, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

// Searches pos under the three rules and adds it as a case (returned), or counts it as
// skipped (null) when a search runs past the budget.
function add(pos, bound, from) {
    progress();
    reset();
    const want = shortest(pos, bound);
    const capture = want < 0 ? -1 : shortest(pos, bound, 'capture');
    const delay = capture < 0 ? -1 : shortest(pos, bound, 'delay');
    if (delay < 0) {
        skipped++;
        return null;
    }
    const c = { sfen: makeSfen(pos), bound, want, capture, delay, from };
    cases.push(c);
    return c;
}

if (opts.random) {
    let made = 0;
    for (const pos of randomPositions(opts.seed, opts.random * 100, (p) => shortest(p, 1))) {
        if (add(pos, opts.plies, `random, seed ${opts.seed}`)) made++;
        if (made === opts.random) break;
    }
}

if (opts.lines) {
    const dir = path.join(opts.shared, 'problems');
    let files;
    try {
        files = fs.readdirSync(dir).filter((f) => f.endsWith('.sfen')).sort();
    } catch {
        fatal(`cannot read ${dir} (give --shared DIR)`);
    }
    const found = [];
    const seen = new Set();
    for (const f of files)
        for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
            if (!line.trim() || line.startsWith('#')) continue;
            const line_ = linePositions(line.split('\t'));
            for (let k = 0; k < line_.length; k += 2) {
                const s = makeSfen(line_[k]);
                if (line_[k].isCheck() || seen.has(s)) continue;
                seen.add(s);
                found.push({ pos: line_[k], bound: line_.length - 1 - k <= 9 ? 5 : 3, from: f });
            }
        }
    for (const { pos, bound, from } of sampled(found, opts.sample)) add(pos, bound, from);
}

for (const f of opts.files)
    for (const { cols: [sfen, b, rec], line } of readRows(f, fatal)) {
        const p = parseSfen('standard', (sfen || '').trim(), true), bound = Number(b);
        if (p.isErr || !Number.isInteger(bound) || bound < 1 || bound % 2 === 0)
            fatal(`${f}:${line}: not a position and an odd bound`);
        // recorded: [none] or [none, capture, delay], or null: search now
        const recorded = rec === undefined || rec.trim() === '-' || rec.trim() === '' ? null : rec.trim().split(',').map(Number);
        const length = (v) => Number.isInteger(v) && v >= 0 && v <= bound && (v === 0 || v % 2 === 1);
        if (recorded !== null && !((recorded.length === 1 || recorded.length === 3) && recorded.every(length)))
            fatal(`${f}:${line}: the recorded answer '${rec}' is not N or N,C,D (each 0 or an odd length within the bound)`);
        const from = `${path.basename(f)}:${line}`;
        if (recorded === null) add(p.value, bound, from);
        else if (!opts.recompute)
            cases.push({ sfen: makeSfen(p.value), bound, want: recorded[0], capture: recorded[1] ?? null, delay: recorded[2] ?? null, from });
        else {
            const c = add(p.value, bound, from); // null: past the budget, skipped
            const found = c && (recorded.length === 1 ? [c.want] : [c.want, c.capture, c.delay]);
            if (found && found.join() !== recorded.join())
                fatal(`${from}: the brute force finds ${found.join()}, the file records ${recorded.join()}`);
        }
    }

// --record F: the searched cases where a composers' rule changes the answer, as --file rows
// with all three answers recorded.
if (opts.record) {
    const rows = cases.filter((c) => c.capture !== null && (c.capture !== c.want || c.delay !== c.capture))
        .map((c) => `${c.sfen}\t${c.bound}\t${c.want},${c.capture},${c.delay}\t${c.from}\n`);
    try {
        fs.writeFileSync(opts.record, rows.join(''));
    } catch {
        fatal(`cannot write ${opts.record}`);
    }
}

if (process.stderr.isTTY && searched >= 20) process.stderr.write('\n');

// ---------------------------------------------------------------- tsume's answers
function run(bound, rule, list) {
    const r = spawnSync(opts.bin, ['check', '--plies', String(bound), '--futile', rule, '--format', 'json', '--jobs', '1',
        '--hash', '64', '--nodes', '20000000', '-f', '-'], { input: list.map((c) => c.sfen + '\n').join(''),
        encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.error) fatal(`cannot run ${opts.bin}: ${r.error.message}`);
    const out = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    if (out.length !== list.length) fatal(`${opts.bin} answered ${out.length} of ${list.length} positions: ${r.stderr}`);
    // the shortest mate within the bound, 0 for none, null when not certified or not answered
    return out.map((j) => (j.answer === 'no' ? 0 : j.answer === 'yes' && j.shortest ? j.plies : null));
}

let passed = 0, failed = 0;
const noLonger = (a, b) => b === 0 || (a !== 0 && a <= b); // a mate as short as b's, or shorter
for (const bound of [...new Set(cases.map((c) => c.bound))].sort((a, b) => a - b)) {
    const list = cases.filter((c) => c.bound === bound);
    const none = run(bound, 'none', list), capture = run(bound, 'capture', list), delay = run(bound, 'delay', list);
    list.forEach((c, i) => {
        const bad = [];
        const say = (v) => (v === null ? 'no certified answer' : v ? `a mate in ${v}` : 'no mate');
        if (none[i] !== c.want) bad.push(`--futile none gives ${say(none[i])}, the brute force ${say(c.want)}`);
        if (capture[i] === null || delay[i] === null) bad.push('a composers\' rule left it unanswered');
        else {
            if (c.capture !== null && capture[i] !== c.capture)
                bad.push(`--futile capture gives ${say(capture[i])}, the brute force ${say(c.capture)}`);
            if (c.delay !== null && delay[i] !== c.delay)
                bad.push(`--futile delay gives ${say(delay[i])}, the brute force ${say(c.delay)}`);
            if (!noLonger(capture[i], none[i] ?? c.want)) bad.push(`capture ${capture[i]} longer than none ${none[i]}`);
            if (!noLonger(delay[i], capture[i])) bad.push(`delay ${delay[i]} longer than capture ${capture[i]}`);
        }
        if (bad.length) {
            failed++;
            console.log(`MISMATCH (${c.from}, within ${bound}) ${c.sfen}: ${bad.join('; ')}`);
        } else passed++;
    });
}
const kinds = {};
for (const c of cases) {
    const k = `within ${c.bound}: ${c.want ? 'mate in ' + c.want : 'none'}`;
    kinds[k] = (kinds[k] || 0) + 1;
}
// How often the composers' rules changed the brute force's answer (searched cases only).
const shorter = (a, b) => a !== null && b !== null && a !== b;
const byCapture = cases.filter((c) => shorter(c.capture, c.want)).length;
const byDelay = cases.filter((c) => shorter(c.delay, c.capture)).length;
console.log(`answers: ${Object.entries(kinds).sort().map(([k, v]) => `${k} ${v}`).join(', ')}; ` +
    `capture rule shorter ${byCapture}, delay rule shorter than capture ${byDelay}; ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`mate-oracle: ${passed} passed, ${failed} failed (${skipped} skipped)${passed + failed ? '' : ': nothing checked'}`);
process.exit(failed || !passed ? 1 : 0);
