#!/usr/bin/env node
// mate-crosscheck.mjs: compares tsume's bounded mate search with brute forces over an
// independent rules library.  For each position the brute force (shogiops) finds the shortest
// mate within a small bound, or none, three times: with every legal reply counted (tsume's
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
// mismatch, 2 when the tool itself cannot run.  On a terminal the brute force's progress
// is redrawn on stderr.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importPkg } from './modules.mjs';
import { legalMoves } from './legal.mjs';

function fatal(msg) {
    console.error(`mate-crosscheck: ${msg}`);
    process.exit(2);
}

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { parseUsi, opposite } = await importPkg('shogiops', './util');
const { between } = await importPkg('shogiops', './attacks');

const opts = { random: 0, seed: 1, plies: 3, lines: false, files: [], recompute: false, shared: '../shared', sample: 0, visits: 3000000, record: '',
    bin: process.env.TSUME_BIN || './tsume' };
{
    const a = process.argv.slice(2);
    const num = (i, name, min) => {
        if (i + 1 >= a.length) fatal(`${name} needs a value`);
        const v = Number(a[i + 1]);
        if (!Number.isInteger(v) || v < min) fatal(`${name} needs a whole number of at least ${min}`);
        return v;
    };
    for (let i = 0; i < a.length; i++) {
        if (a[i] === '--random') opts.random = num(i++, a[i], 1);
        else if (a[i] === '--seed') opts.seed = num(i++, a[i], 1);
        else if (a[i] === '--plies') opts.plies = num(i++, a[i], 1);
        else if (a[i] === '--sample') opts.sample = num(i++, a[i], 1);
        else if (a[i] === '--visits') opts.visits = num(i++, a[i], 1);
        else if (a[i] === '--lines') opts.lines = true;
        else if (a[i] === '--recompute') opts.recompute = true;
        else if (a[i] === '--file') {
            if (i + 1 >= a.length) fatal('--file needs a value');
            opts.files.push(a[++i]);
        }
        else if (a[i] === '--shared' || a[i] === '--bin' || a[i] === '--record') {
            if (i + 1 >= a.length) fatal(`${a[i]} needs a value`);
            opts[a[i].slice(2)] = a[++i];
        } else if (a[i] === '-h' || a[i] === '--help') {
            console.log('usage: node tools/oracle/mate-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]\n' +
                '       [--file F [--recompute]] [--shared DIR] [--sample N] [--visits V] [--bin PATH]\n' +
                '       [--record F]\n' +
                '       (see the file\'s comment)');
            process.exit(0);
        } else fatal(`unknown option '${a[i]}' (see --help)`);
    }
    if (opts.plies % 2 === 0) fatal('--plies needs an odd number (the attacker moves first and last)');
    if (!opts.random && !opts.lines && !opts.files.length) fatal('nothing to check: give --random N, --lines or --file F');
}
const t0 = Date.now();

// ---------------------------------------------------------------- the brute force
class OverBudget extends Error {}
let visits = 0;

// The attacker to move in pos mates within n plies (n odd) under rule ('none', 'capture' or
// 'delay': README, "Futile interpositions"; solver/futile.h states both rules exactly).
// Answers (memo) are kept by position (board, hands, side) and question, and the attacker's
// checks (each with the position after it) and the defender's replies (moveMemo) by
// position, across the three rules' searches of one position (add() clears both): nothing
// here depends on the path, since a bound this small leaves no room for a repetition to be
// a shortest mate.
let memo = new Map(), moveMemo = new Map();
const keyOf = (pos) => makeSfen(pos).replace(/ \d+$/, '');
function checksOf(pos) {
    const key = keyOf(pos);
    let v = moveMemo.get(key);
    if (v === undefined) {
        v = [];
        for (const m of legalMoves(pos)) {
            const after = pos.clone();
            after.play(m);
            if (after.isCheck()) v.push(after);
        }
        if (moveMemo.size > 200000) moveMemo.clear(); // a bound on the memory it takes
        moveMemo.set(key, v);
    }
    return v;
}
function repliesOf(d) {
    const key = keyOf(d);
    let v = moveMemo.get(key);
    if (v === undefined) moveMemo.set(key, (v = legalMoves(d)));
    return v;
}
function remembered(pos, question, answer) {
    const key = `${keyOf(pos)}|${question}`;
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = answer()));
    return v;
}

function mates(pos, n, rule = 'none') {
    return remembered(pos, `m${n}${rule}`, () => {
        for (const after of checksOf(pos)) {
            if (++visits > opts.visits) throw new OverBudget();
            if (mated(after, n - 1, rule)) return true;
        }
        return false;
    });
}

// The defender to move in d, in check, is mated within L plies (L even).  Under both
// composers' rules a reply futile by the capture test does not count, and a defender left
// without a reply that counts is mated.  Under the delay rule a reply not mated within
// L - 1 still does not count when it interposes, the checker can take the piece so that
// the position Q reached and Q with the piece handed back are both mated within L, and
// another reply that counts is mated in exactly L - 1 (not within L - 3).
function mated(d, L, rule) {
    let replies = repliesOf(d);
    if (rule !== 'none') replies = replies.filter((r) => !captureFutile(d, r, 1));
    if (replies.length === 0) return true;
    if (L < 2) return false;
    const proven = [];
    let pending = false;
    for (const reply of replies) {
        const next = d.clone();
        next.play(reply);
        if (mates(next, L - 1, rule)) proven.push(next);
        else if (rule === 'delay' && delayFutile(d, reply, L)) pending = true;
        else return false;
    }
    return !pending || proven.some((next) => L < 4 || !mates(next, L - 3, rule));
}

// The square of the one distant piece that checks the defender to move in d, when reply r
// puts a piece between it and the king; else -1.
function interposes(d, r) {
    const king = d.kingsOf(d.turn).singleSquare();
    if (king === undefined || r.from === king) return -1;
    const checkers = d.squareAttackers(king, opposite(d.turn), d.board.occupied);
    if (!checkers.isSingleSquare()) return -1;
    return between(king, checkers.first()).has(r.to) ? checkers.first() : -1;
}

// After interposition r (d: defender to move), the checker's captures of the piece that
// give check: for each, the position reached and that position with the piece handed
// back (out of the attacker's hand; into the defender's when r was a drop).
function captures(d, r, checker) {
    const a = d.clone();
    a.play(r);
    const out = [];
    for (const promotion of [false, true]) {
        const m = { from: checker, to: r.to, promotion };
        if (!a.isLegal(m)) continue;
        const kept = a.clone();
        const held = new Map(kept.hands.color(kept.turn));
        const taker = kept.turn;
        kept.play(m);
        if (!kept.isCheck()) continue;
        const role = [...kept.hands.color(taker)].find(([ro, k]) => k > (held.get(ro) || 0))[0];
        const back = kept.clone();
        back.hands.color(taker).set(role, back.hands.color(taker).get(role) - 1);
        if (r.from === undefined) back.hands.color(back.turn).set(role, back.hands.color(back.turn).get(role) + 1);
        out.push({ kept, back });
    }
    return out;
}

// The capture rule: r interposes, and after some capture of the checker with the piece
// handed back the defender is mated on the spot (no reply, or only such interpositions).
function captureFutile(d, r, depth) {
    const checker = interposes(d, r);
    if (checker < 0 || depth > 24) return false;
    for (const { back } of captures(d, r, checker)) {
        if (++visits > opts.visits) throw new OverBudget();
        if (remembered(back, `c${depth}`, () => repliesOf(back).every((r2) => captureFutile(back, r2, depth + 1))))
            return true;
    }
    return false;
}

// The delay rule's capture half for r at a defender node with bound L.
function delayFutile(d, r, L) {
    const checker = interposes(d, r);
    if (checker < 0) return false;
    return captures(d, r, checker).some(({ kept, back }) => mated(back, L, 'delay') && mated(kept, L, 'delay'));
}

/* The shortest mate within bound under rule (0: none), or -1 over the budget. */
function shortest(pos, bound, rule = 'none') {
    visits = 0;
    try {
        for (let n = 1; n <= bound; n += 2)
            if (mates(pos, n, rule)) return n;
        return 0;
    } catch (e) {
        if (e instanceof OverBudget) return -1;
        throw e;
    }
}

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
    memo = new Map();
    moveMemo = new Map();
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
    // A 31-bit linear congruential generator.  Math.imul keeps the product exact: the plain
    // product passes 2^53, and its rounding made short cycles (until 2026-11-30 seed 6060
    // drew 58 distinct positions in 1500, each about 40 times).  A position drawn twice is
    // drawn again (seen), so --random N checks N different positions.
    let seed = opts.seed;
    const rnd = (n) => {
        seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
        return (seed >> 4) % n;
    };
    const seen = new Set();
    const KINDS = ['P', 'L', 'N', 'S', 'G', 'B', 'R', '+P', '+L', '+N', '+S', '+B', '+R'];
    const HAND = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
    const MAX = { R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 };
    let made = 0;
    for (let tries = 0; made < opts.random && tries < opts.random * 100; tries++) {
        const board = Array.from({ length: 9 }, () => Array(9).fill(null));
        const used = { R: 0, B: 0, G: 0, S: 0, N: 0, L: 0, P: 0 };
        const pawnFile = [new Set(), new Set()]; // files with an unpromoted pawn: attacker, defender
        const kr = rnd(4), kf = rnd(9);
        board[kr][kf] = 'k';
        const place = (attacker) => {
            for (let t = 0; t < 20; t++) {
                const kind = KINDS[rnd(KINDS.length)], base = kind.replace('+', '');
                const r = kr + rnd(7) - 3, f = kf + rnd(7) - 3;
                if (used[base] >= MAX[base] || r < 0 || r > 8 || f < 0 || f > 8 || board[r][f]) continue;
                // no piece that could never move (the attacker moves towards rank a), no nifu
                const deep = attacker ? r : 8 - r;
                if ((kind === 'P' || kind === 'L') && deep === 0) continue;
                if (kind === 'N' && deep < 2) continue;
                if (kind === 'P' && pawnFile[attacker ? 0 : 1].has(f)) continue;
                if (kind === 'P') pawnFile[attacker ? 0 : 1].add(f);
                used[base]++;
                board[r][f] = attacker ? kind : kind.length > 1 ? '+' + kind[1].toLowerCase() : kind.toLowerCase();
                return;
            }
        };
        const attackers = 2 + rnd(5), defenders = rnd(5);
        for (let i = 0; i < attackers; i++) place(true);
        for (let i = 0; i < defenders; i++) place(false);
        if (rnd(3) === 0) {
            const r = 7 + rnd(2), f = rnd(9);
            if (!board[r][f]) board[r][f] = 'K';
        }
        let hand = '';
        for (const h of HAND) {
            const k = rnd(3) === 0 ? Math.min(MAX[h] - used[h], 1 + rnd(2)) : 0;
            used[h] += k;
            if (k > 0) hand += (k > 1 ? k : '') + h;
        }
        if (rnd(2)) // the defender holds the rest, or nothing
            for (const h of HAND) {
                const left = MAX[h] - used[h];
                if (left > 0) hand += (left > 1 ? left : '') + h.toLowerCase();
            }
        const rows = board.map((row) => {
            let s = '', empty = 0;
            for (const c of row) {
                if (!c) {
                    empty++;
                    continue;
                }
                if (empty) s += empty, (empty = 0);
                s += c;
            }
            return empty ? s + empty : s;
        });
        const sfen = `${rows.join('/')} b ${hand || '-'} 1`;
        const p = parseSfen('standard', sfen, true), q = parseSfen('standard', sfen.replace(' b ', ' w '), true);
        if (p.isErr || q.isErr || p.value.isCheck() || q.value.isCheck() || seen.has(sfen))
            continue; // neither king may stand in check with the attacker to move
        seen.add(sfen);
        if (rnd(3) !== 0) {
            const probe = shortest(p.value, 1); // mostly keep the positions without a mate in one
            if (probe !== 0) continue;
        }
        if (add(p.value, opts.plies, `random, seed ${opts.seed}`)) made++;
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
            const cols = line.split('\t');
            const sfen = cols[0].replace(/^position\s+/, '').replace(/^sfen\s+/, '').trim();
            if (sfen.includes(' moves')) continue;
            const p = parseSfen('standard', sfen, false);
            if (p.isErr) continue;
            const pos = p.value;
            const line_ = [pos.clone()];
            for (const u of (cols[2] || '').trim().split(/\s+/)) {
                const m = /^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])$/.test(u) ? parseUsi(u) : undefined;
                if (!m || !pos.isLegal(m)) break;
                pos.play(m);
                line_.push(pos.clone());
            }
            for (let k = 0; k < line_.length; k += 2) {
                const s = makeSfen(line_[k]);
                if (line_[k].isCheck() || seen.has(s)) continue;
                seen.add(s);
                found.push({ pos: line_[k], bound: line_.length - 1 - k <= 9 ? 5 : 3, from: f });
            }
        }
    const step = opts.sample ? Math.max(1, Math.floor(found.length / opts.sample)) : 1;
    for (let i = 0; i < found.length; i += step) add(found[i].pos, found[i].bound, found[i].from);
}

for (const f of opts.files) {
    let text;
    try {
        text = fs.readFileSync(f, 'utf8');
    } catch {
        fatal(`cannot read ${f}`);
    }
    text.split('\n').forEach((line, i) => {
        if (!line.trim() || line.startsWith('#')) return;
        const [sfen, b, rec] = line.split('\t');
        const p = parseSfen('standard', (sfen || '').trim(), true), bound = Number(b);
        if (p.isErr || !Number.isInteger(bound) || bound < 1 || bound % 2 === 0)
            fatal(`${f}:${i + 1}: not a position and an odd bound`);
        // recorded: [none] or [none, capture, delay], or null: search now
        const recorded = rec === undefined || rec.trim() === '-' || rec.trim() === '' ? null : rec.trim().split(',').map(Number);
        const length = (v) => Number.isInteger(v) && v >= 0 && v <= bound && (v === 0 || v % 2 === 1);
        if (recorded !== null && !((recorded.length === 1 || recorded.length === 3) && recorded.every(length)))
            fatal(`${f}:${i + 1}: the recorded answer '${rec}' is not N or N,C,D (each 0 or an odd length within the bound)`);
        const from = `${path.basename(f)}:${i + 1}`;
        if (recorded === null) add(p.value, bound, from);
        else if (!opts.recompute)
            cases.push({ sfen: makeSfen(p.value), bound, want: recorded[0], capture: recorded[1] ?? null, delay: recorded[2] ?? null, from });
        else {
            const c = add(p.value, bound, from); // null: past the budget, skipped
            const found = c && (recorded.length === 1 ? [c.want] : [c.want, c.capture, c.delay]);
            if (found && found.join() !== recorded.join())
                fatal(`${from}: the brute force finds ${found.join()}, the file records ${recorded.join()}`);
        }
    });
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
console.log(`mate-oracle: ${passed} passed, ${failed} failed (${skipped} skipped)`);
process.exit(failed ? 1 : 0);
