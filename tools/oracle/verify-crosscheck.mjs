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
//     of bound rem + 1 (the main reply being the witness);
//   - every finding's own line, at any length (see "the findings' own lines" below).
// A finding `unknown` (a limit left it open) is passed over; so is a problem whose line is
// not certified (under --witness-only only one with no line: the findings of an uncertified
// line are still read off it), and a question the brute force cannot answer within --visits.
//
// Where the problems come from:
//   --random N    N random positions (brute.mjs) with a mate within --plies B under the rule
//   --lines       the position B plies before the mate on each solution line of
//                 DIR/problems/{zuko,muso}.sfen (--shared DIR), B = --plies
//   --file F      SFENs, one a line (other columns and '#' lines skipped)
//   --reports F   tsume verify --format json reports already made (their "sfen"s), read
//                 instead of running tsume (made under the --futile given here)
// --witness-only: only the findings' own lines, no brute force (whole problems too).
//
// usage (from the repo root, after tools/oracle/setup.sh):
//   node tools/oracle/verify-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]
//        [--file F] [--shared DIR] [--sample N] [--extra E] [--visits V] [--futile RULE]
//        [--nodes N] [--bin PATH] [--reports F] [--witness-only]
// --nodes: tsume verify's node limit a problem (default 20000000; what it leaves open is
// passed over).
// The last line is "verify-oracle: N passed, N failed (N skipped)"; exit status 1 on any
// mismatch, 2 when the tool itself cannot run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importPkg } from './modules.mjs';
import { parseArgs, readRows } from './args.mjs';
import { legalMoves } from './legal.mjs';
import { USI_MOVE, captureFutile, delayFutile, guarded, legalUsi, linePositions, mated, randomPositions, reset, sampled,
    setVisits, shortest, shortestMated }
    from './brute.mjs';

function fatal(msg) {
    console.error(`verify-crosscheck: ${msg}`);
    process.exit(2);
}

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { makeSquareName, makeUsi, opposite, parseUsi } = await importPkg('shogiops', './util');

const opts = parseArgs(process.argv.slice(2), {
    '--random': ['random', 'number', 1], '--seed': ['seed', 'number', 1], '--plies': ['plies', 'number', 1],
    '--sample': ['sample', 'number', 1], '--extra': ['extra', 'number', 0], '--visits': ['visits', 'number', 1],
    '--lines': ['lines', 'flag'], '--file': ['files', 'list'], '--shared': ['shared', 'word'], '--bin': ['bin', 'word'],
    '--futile': ['futile', 'word'], '--nodes': ['nodes', 'number', 1], '--reports': ['reports', 'list'],
    '--witness-only': ['witnessOnly', 'flag'],
}, { random: 0, seed: 1, plies: 3, lines: false, files: [], shared: '../shared', sample: 0, extra: 0, visits: 3000000,
    futile: 'delay', nodes: 20000000, bin: process.env.TSUME_BIN || './tsume', reports: [], witnessOnly: false },
'usage: node tools/oracle/verify-crosscheck.mjs [--random N] [--seed S] [--plies B] [--lines]\n' +
    '       [--file F] [--shared DIR] [--sample N] [--extra E] [--visits V] [--futile RULE]\n' +
    '       [--nodes N] [--bin PATH] [--reports F] [--witness-only]\n' +
    '       (see the file\'s comment)', fatal);
if (opts.plies % 2 === 0) fatal('--plies needs an odd number (the attacker moves first and last)');
if (opts.extra % 2) fatal('--extra needs an even number (plies past the main line\'s, a move pair each)');
if (!['none', 'capture', 'delay'].includes(opts.futile)) fatal('--futile needs none, capture or delay');
if (!opts.random && !opts.lines && !opts.files.length && !opts.reports.length)
    fatal('nothing to check: give --random N, --lines, --file F or --reports F');
if (opts.reports.length && (opts.random || opts.lines || opts.files.length))
    fatal('--reports takes the problems from the reports: not with --random, --lines or --file');
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
let reports = [];
for (const f of opts.reports) {
    let text;
    try {
        text = fs.readFileSync(f, 'utf8');
    } catch (e) {
        fatal(`cannot read ${f}: ${e.message}`);
    }
    const before = reports.length;
    text.split('\n').forEach((l, i) => {
        if (!l.startsWith('{')) return;
        let rep;
        try {
            rep = JSON.parse(l);
        } catch {
            fatal(`${f}:${i + 1}: not a JSON object`);
        }
        if (typeof rep.sfen !== 'string' || parseSfen('standard', rep.sfen, true).isErr)
            fatal(`${f}:${i + 1}: no position ("sfen")`);
        problems.push({ sfen: rep.sfen, from: `${path.basename(f)}:${rep.id ?? i + 1}` });
        reports.push(rep);
    });
    if (reports.length === before) fatal(`${f}: no report (one JSON object a line, from tsume verify --format json)`);
}
if (!opts.reports.length) {
    const r = spawnSync(opts.bin, ['verify', '--format', 'json', '--jobs', '1', '--hash', '64', '--nodes', String(opts.nodes),
        '--futile', rule, '-f', '-'], { input: problems.map((p) => p.sfen + '\n').join(''), encoding: 'utf8',
        maxBuffer: 1 << 28 });
    if (r.error) fatal(`cannot run ${opts.bin}: ${r.error.message}`);
    reports = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    if (reports.length !== problems.length) fatal(`${opts.bin} answered ${reports.length} of ${problems.length}: ${r.stderr}`);
}

// ---------------------------------------------------------------- the referee
const MATING = new Set(['cook', 'final-cook', 'promotion', 'square', 'piece', 'transposition', 'detour']);
const TIES = new Set(['equal', 'equal-last2', 'longer']);
let passed = 0, failed = 0, skipped = 0, questions = 0, open = 0, overBudget = 0, witnesses = 0;
const verdicts = {};

// ---------------------------------------------------------------- the findings' own lines
// Each finding's line (its moves, the alternative first) is what a reader sees, in the
// report and as a KIF variation: it must be legal, every attacker move a check, and end
// with the defender mated under the rule, in the plies the finding gives.  Its kind is
// then derived again, from README's statements (`tsume verify`), from that line:
//   - attacker ply, as fast as the main line: the same move with the other promotion is
//     `promotion`; the same board piece, or a drop of the same kind, to another square on
//     the same side of the defender's king along one rank, file or diagonal is `square`;
//     a drop of another kind on the same square is `piece`;
//   - else, following the line: reaching a main-line position (board, side to move,
//     hands) at the ply the main line has it is `transposition`; reaching a main-line
//     board later than the main line does, the attacker holding at least and the
//     defender at most what they hold there (the very position counts first, the
//     first such index of the main line counts) is `detour`; else `cook`;
//   - on the last move, `final-cook`;
//   - defender ply: as long as the main line is `equal` (`equal-last2` on the defender's
//     last move): its line must not reach a main-line position in the sense above and
//     leave no more pieces in the attacker's hand than the main line; longer is `longer`.
// The kind depends on the line tsume chose among equally short ones: it is checked
// against that line, not against every line the brute force could find.

const boardOf = (pos) => makeSfen(pos).split(' ').slice(0, 2).join(' '); // board and side to move
const handOf = (pos, color) => new Map([...pos.hands.color(color)].filter(([, k]) => k > 0));
const handGe = (a, b) => [...b].every(([ro, k]) => (a.get(ro) || 0) >= k);
const handEq = (a, b) => handGe(a, b) && handGe(b, a);

// The first main-line index j >= from whose position is pos's, else the first whose board
// is pos's with the attacker holding no more and the defender no less; -1 if none.
function mainIndex(line, pos, from, attacker) {
    const b = boardOf(pos), a = handOf(pos, attacker), d = handOf(pos, opposite(attacker));
    let inferior = -1;
    for (let j = from; j < line.length; j++) {
        const m = line[j];
        if (m.board !== b) continue;
        if (handEq(m.a, a) && handEq(m.d, d)) return { j, same: true };
        if (inferior < 0 && handGe(a, m.a) && handGe(m.d, d)) inferior = j;
    }
    return { j: inferior, same: false };
}

// The square's file (1-9) and rank (1-9) from its USI name.
const at = (sq) => [Number(sq[0]), sq.charCodeAt(1) - 96];
const unit = (x) => Math.sign(x);
// The direction from k to s along a rank, file or diagonal, or null.
function ray(k, s) {
    const dx = s[0] - k[0], dy = s[1] - k[1];
    if ((dx === 0) === (dy === 0) && Math.abs(dx) !== Math.abs(dy)) return null;
    return `${unit(dx)},${unit(dy)}`;
}
function choiceKind(king, m, main) {
    const drop = (u) => u[1] === '*';
    if (!drop(m) && !drop(main) && m.replace('+', '') === main.replace('+', '')) return 'promotion';
    const samePiece = drop(m) ? drop(main) && m[0] === main[0] : !drop(main) && m.slice(0, 2) === main.slice(0, 2);
    const to = (u) => at(u.slice(2, 4)), k = at(king);
    const r1 = ray(k, to(m)), r2 = ray(k, to(main));
    if (samePiece && r1 && r1 === r2) return 'square';
    if (drop(m) && drop(main) && m.slice(2, 4) === main.slice(2, 4)) return 'piece';
    return 'cook';
}

// Plays moves from pos (changed in place): each must be legal and each of the attacker's a
// check; each(i, pos) after every move.  A mismatch goes to bad (false returned).
function replay(pos, moves, attacker, what, bad, each = () => {}) {
    for (let i = 0; i < moves.length; i++) {
        const mv = legalUsi(pos, moves[i]);
        if (!mv) {
            bad.push(`${what}: its move ${i + 1}, ${moves[i]}, is not legal`);
            return false;
        }
        const attackerMove = pos.turn === attacker;
        pos.play(mv);
        if (attackerMove && !pos.isCheck()) {
            bad.push(`${what}: its move ${i + 1}, ${moves[i]}, gives no check`);
            return false;
        }
        each(i, pos);
    }
    return true;
}

// The mismatches of finding f at ply k (positions: the main line's, from the problem's;
// keys: the same as mainIndex reads them), appended to bad.  A variation-cook's line starts
// on the other branch of a choice (branch, from ply branch_ply): only its moves are checked.
function witness(positions, k, f, rep, keys, attacker, bad) {
    const n = rep.plies, at0 = `ply ${k}: ${f.moves[0]} (${f.kind})`;
    const variation = f.kind === 'variation-cook';
    const here = positions[variation ? f.branch_ply - 1 : k - 1], pos = here.clone();
    if (variation) {
        if (!(f.branch_ply >= 1 && f.branch_ply < k && Array.isArray(f.branch) && f.branch.length === k - f.branch_ply)) {
            bad.push(`${at0}: its branch (from ply ${f.branch_ply}) does not lead to ply ${k}`);
            return;
        }
        if (!replay(pos, f.branch, attacker, `${at0}, the branch`, bad)) return;
    }
    let back = null;
    const ok = replay(pos, f.moves, attacker, at0, bad, (i, p) => {
        if (back) return;
        const hit = mainIndex(keys, p, k % 2 ? k - 1 : k, attacker); // as tsume's walk asks
        if (hit.j >= 0) back = { ...hit, steps: i + 1 };
    });
    if (!ok) return;
    witnesses++;
    if (f.moves.length !== f.plies) bad.push(`${at0}: ${f.moves.length} moves for ${f.plies} plies`);
    if (pos.turn === attacker || !mated(pos, 0, rule)) {
        bad.push(`${at0}: its line does not end in mate`);
        return;
    }
    let kind;
    if (variation) {
        kind = f.kind;
    } else if (k % 2) {
        const rem = n - k + 1;
        if (rem === 1) kind = 'final-cook';
        else {
            kind = f.plies === rem ? choiceKind(makeSquareName(here.kingsOf(opposite(attacker)).first()), f.moves[0],
                rep.pv[k - 1]) : 'cook';
            if (kind === 'cook' && back && back.same && back.steps === back.j - (k - 1)) kind = 'transposition';
            else if (kind === 'cook' && back && back.steps > back.j - (k - 1)) kind = 'detour';
        }
    } else {
        const rem = n - k;
        const left = [...pos.hands.color(attacker)].reduce((s, [, c]) => s + c, 0);
        if (f.plies - 1 > rem) kind = 'longer';
        else if (f.plies - 1 === rem && !back && left <= rep.leftover) kind = rem === 1 ? 'equal-last2' : 'equal';
        else kind = `none (${f.plies - 1 < rem ? 'shorter' : back ? 'runs into the main line' : `${left} left in hand`})`;
    }
    if (kind !== f.kind) bad.push(`${at0}: its line makes it ${kind}`);
}

// ---------------------------------------------------------------- the stated line
// A report made from a problem file compares the file's stated line (its first column
// after the position made only of USI moves) with the main line (README, `tsume verify`:
// "against the stated line").  With --reports the referee reads that line from the
// report's "file" at its "id" (the line number; only when the row there holds the report's
// position) and checks the comparison's structure: `same` is the main line move for move,
// `ends` a part of it that stops (stated_ply: the first missing ply), `goes-on` the main
// line and more; else the first ply where the line departs, its move, and what it is: a
// finding's first move there (`listed`, with that finding's kind), or no finding: at an
// attacker's ply `no-mate` (`no-mate-now` on the last one), at a defender's `shorter`
// (mated within two plies less than the main line leaves, at least; asked, so it may also
// be `undecided`) or `as-long` (always, with fewer than 3 plies left); either `undecided`
// where the walk never asked about that ply (`unwalked`); `illegal` at a move not legal
// before any departure (stated_error_ply: where the line holds a move not legal, also past
// a departure).
const rowsOf = new Map();
let statedChecked = 0, statedMissing = 0;
function statedLine(rep) {
    if (typeof rep.file !== 'string' || !Number.isInteger(rep.id)) return null;
    if (!rowsOf.has(rep.file)) {
        let rows = null;
        try {
            rows = readRows(rep.file, () => { throw new Error('unread'); });
        } catch {
            rows = [];
        }
        rowsOf.set(rep.file, new Map(rows.map((r) => [r.line, r.cols])));
    }
    const cols = rowsOf.get(rep.file).get(rep.id);
    if (!cols || cols[0].replace(/^(position\s+)?sfen\s+/, '').trim() !== rep.sfen) return null;
    for (const col of cols.slice(1)) {
        const words = col.trim().split(/ +/);
        if (col.trim() && words.every((w) => USI_MOVE.test(w))) return words;
    }
    return [];
}

function statedCheck(rep, positions, bad) {
    const S = statedLine(rep);
    if (S === null) {
        if (rep.stated_line) statedMissing++;
        return;
    }
    const say = (m) => bad.push(`stated line: ${m}`);
    if (!S.length) {
        if (rep.stated_line) say(`the report compares one (${rep.stated_line}), the file has none`);
        return;
    }
    if (!rep.stated_line) {
        say('the file has one, the report does not compare it');
        return;
    }
    statedChecked++;
    const P = rep.pv, n = P.length;
    const pos = positions[0].clone();
    let depart = 0, illegal = 0;
    for (let i = 0; i < S.length; i++) {
        if (!depart && (i >= n || S[i] !== P[i])) depart = i + 1;
        const mv = legalUsi(pos, S[i]);
        if (!mv) {
            illegal = i + 1;
            break;
        }
        pos.play(mv);
    }
    let want, ply = 0;
    // past the main line's mate no move is legal: a word there goes on, it is not illegal
    if (depart > n) want = 'goes-on', ply = depart;
    else if (illegal && (!depart || depart === illegal)) want = 'illegal', ply = illegal;
    else if (!depart) want = S.length < n ? 'ends' : 'same', ply = S.length < n ? S.length + 1 : 0;
    else {
        ply = depart;
        const m = S[depart - 1], f = rep.findings.find((x) => x.ply === depart && x.moves && !x.branch && x.moves[0] === m);
        const unwalked = depart <= (rep.unwalked || 0), rem = n - depart;
        if (f) want = 'listed';
        else if (depart % 2) want = unwalked ? ['undecided'] : depart === n ? ['no-mate-now'] : ['no-mate'];
        else if (rem < 3) want = unwalked ? ['undecided'] : ['as-long'];
        else want = unwalked ? ['shorter', 'undecided'] : ['shorter', 'as-long', 'undecided'];
        if (f && rep.stated_finding !== f.kind) say(`listed at ply ${depart}, as ${rep.stated_finding}, the finding is ${f.kind}`);
        if (!(rep.stated_move && rep.stated_move[0] === m)) say(`its move at ply ${depart} is ${m}, the report says ${rep.stated_move}`);
        const within = rep.stated_mated_in ?? rep.stated_mated_within;
        if (rep.stated_line === 'shorter' && !(within <= rem - 2 && (rem - within) % 2 === 0))
            say(`${m} at ply ${depart} mated in ${within}, where the main line leaves ${rem}`);
    }
    const ok = Array.isArray(want) ? want.includes(rep.stated_line) : want === rep.stated_line;
    if (!ok) say(`${Array.isArray(want) ? want.join(' or ') : want}${ply ? ` at ply ${ply}` : ''}, the report says ` +
        `${rep.stated_line}${rep.stated_ply ? ` at ply ${rep.stated_ply}` : ''}`);
    else if (ply && rep.stated_ply !== ply) say(`${rep.stated_line} at ply ${ply}, the report says ply ${rep.stated_ply}`);
    if (illegal && rep.stated_error_ply !== illegal)
        say(`move ${illegal} (${S[illegal - 1]}) is not legal, the report says ${rep.stated_error_ply ?? 'nothing'}`);
}

// The mismatches of report rep (problem pb), as strings.
function referee(pb, rep) {
    const bad = [];
    const pos = parseSfen('standard', pb.sfen, true).value;
    const n = rep.plies;
    if (!Array.isArray(rep.pv) || rep.pv.length !== n)
        return [`its line has ${Array.isArray(rep.pv) ? rep.pv.length : 'no'} moves for ${n} plies`];
    const listed = (k, m) => rep.findings.find((f) => f.ply === k && f.moves && f.moves[0] === m);
    const attacker = pos.turn, line = [pos.clone()], pv = [];
    for (const [i, u] of rep.pv.entries()) {
        const next = line[line.length - 1].clone(), mv = legalUsi(next, u);
        if (!mv) return [`ply ${i + 1} of its line, ${u}, is not a legal move`];
        next.play(mv);
        line.push(next);
        pv.push(mv);
    }
    const keys = line.map((q) => ({ board: boardOf(q), a: handOf(q, attacker), d: handOf(q, opposite(attacker)) }));
    if (opts.reports.length) statedCheck(rep, line, bad);
    for (let k = 1; k <= n; k++) {
        reset();
        const here = pos.clone(), main = rep.pv[k - 1];
        for (const f of rep.findings)
            if (f.ply === k && f.moves && (MATING.has(f.kind) || TIES.has(f.kind) || f.kind === 'variation-cook'))
                witness(line, k, f, rep, keys, attacker, bad);
        if (opts.witnessOnly) {
            pos.play(pv[k - 1]);
            continue;
        }
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
    if ((rep.exact !== true && !opts.witnessOnly) || !rep.pv || !rep.plies) {
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
    `alternatives asked, ${witnesses} findings' lines replayed, ${statedChecked} stated lines compared` +
    `${statedMissing ? ` (${statedMissing} not found in their files)` : ''}, ${open} left open by tsume, ${overBudget} past the ` +
    `brute force's budget; ` +
    `${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(`verify-oracle: ${passed} passed, ${failed} failed (${skipped} skipped)`);
process.exit(failed ? 1 : 0);
