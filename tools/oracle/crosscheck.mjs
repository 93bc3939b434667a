#!/usr/bin/env node
// crosscheck.mjs: compares tsume's move generator with an independent referee.  Every problem
// position of the shared collection (and every position along each recorded solution line) is
// given to shogiops; its legal moves, checking moves and in-check flag are compared with
// `tsume moves|checks|evasions -f -`, one tsume process per kind.  Where tsume and shogiops
// differ, tsshogi gives a second opinion, so a report says which side the rules favour.
//
// usage (from the repo root, after tools/oracle/setup.sh):
//   node tools/oracle/crosscheck.mjs [--shared DIR] [--sample N] [--both] [--bin PATH]
//     --shared DIR  shared material (default ../shared); reads DIR/problems/*.sfen and issue_cases.tsv
//     --sample N    a fixed sample of about N positions (every k-th one, plus the roots of the small
//                   hand-picked files), for the test suite
//     --both        also run tsshogi on every position and report where the two oracles disagree
//     --bin PATH    the tsume binary (default $TSUME_BIN, else ./tsume)
// The last line is "oracle: N passed, N failed" (N = positions); exit status 1 on any mismatch,
// 2 when the tool itself cannot run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { importPkg } from './modules.mjs';

function fatal(msg) {
    console.error(`crosscheck: ${msg}`);
    process.exit(2);
}

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { parseUsi, makeUsi, parsePieceName } = await importPkg('shogiops', './util');
const { pieceCanPromote, pieceForcePromote } = await importPkg('shogiops', './variant/util');
const TS = await importPkg('tsshogi');

// ---------------------------------------------------------------- options
const opts = { shared: '../shared', sample: 0, both: false, bin: process.env.TSUME_BIN || './tsume' };
{
    const a = process.argv.slice(2);
    for (let i = 0; i < a.length; i++) {
        const need = () => {
            if (i + 1 >= a.length) fatal(`${a[i]} needs a value`);
            return a[++i];
        };
        if (a[i] === '--shared') opts.shared = need();
        else if (a[i] === '--sample') {
            opts.sample = parseInt(need(), 10);
            if (!(opts.sample > 0)) fatal('--sample needs a positive number');
        } else if (a[i] === '--both') opts.both = true;
        else if (a[i] === '--bin') opts.bin = need();
        else if (a[i] === '-h' || a[i] === '--help') {
            console.log('usage: node tools/oracle/crosscheck.mjs [--shared DIR] [--sample N] [--both] [--bin PATH]');
            process.exit(0);
        } else fatal(`unknown option '${a[i]}' (see --help)`);
    }
}
const t0 = Date.now();

// ---------------------------------------------------------------- reading the problem files
// The files do not share one layout (issue_cases.tsv puts the SFEN last and has no solution
// column), so each line is read by content: the column that is a SFEN, and the column that is
// a USI move sequence.
const SFEN_RE = /^(sfen\s+)?[1-9+A-Za-z]+(\/[1-9+A-Za-z]+){8}\s+[bw]\s+\S+(\s+\d+)?$/;
const USI_LINE_RE = /^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])(\s+([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i]))*$/;

const probDir = path.join(opts.shared, 'problems');
let files;
try {
    files = fs.readdirSync(probDir).filter((f) => f.endsWith('.sfen')).sort();
} catch (e) {
    fatal(`cannot read ${probDir}: ${e.message} (use --shared DIR)`);
}
files.push('issue_cases.tsv');
// Small hand-picked files: every root goes into the sample, they are the interesting corners.
const SMALL_FILE_LINES = 30;

const notes = []; // problems with the input itself (unparsable lines, illegal solution lines)
const positions = []; // {text, key, pos, origin, root, small}
const seen = new Map(); // normalised SFEN -> index in positions
let nLines = 0, nSolutions = 0, nDuplicates = 0;

function sfenKey(pos) {
    // Drop the move number: the same position reached at another ply is the same test.
    return makeSfen(pos).split(' ').slice(0, 3).join(' ');
}

function addPosition(text, pos, origin, root, small) {
    const key = sfenKey(pos);
    if (seen.has(key)) {
        nDuplicates++;
        return;
    }
    seen.set(key, positions.length);
    positions.push({ text, key, pos, origin, root, small });
}

for (const f of files) {
    const full = path.join(probDir, f);
    if (!fs.existsSync(full)) {
        notes.push(`${f}: missing`);
        continue;
    }
    const lines = fs.readFileSync(full, 'utf8').split(/\r?\n/);
    const entries = [];
    lines.forEach((line, i) => {
        if (line.trim() === '' || line.startsWith('#')) return;
        const cols = line.split('\t').map((c) => c.trim());
        const sfen = cols.find((c) => SFEN_RE.test(c));
        if (!sfen) {
            notes.push(`${f}:${i + 1}: no SFEN column found, line skipped`);
            return;
        }
        const usi = cols.find((c) => c !== sfen && !c.startsWith('#') && USI_LINE_RE.test(c));
        entries.push({ lineNo: i + 1, sfen: sfen.replace(/^sfen\s+/, ''), usi });
    });
    const small = entries.length <= SMALL_FILE_LINES;
    for (const { lineNo, sfen, usi } of entries) {
        nLines++;
        const where = `${f}:${lineNo}`;
        const r = parseSfen('standard', sfen, false);
        if (r.isErr) {
            // Still fed to tsume: it should reject it too (checked below).
            positions.push({ text: sfen, key: null, pos: null, origin: where, root: true, small, oracleError: r.error.message });
            continue;
        }
        addPosition(sfen, r.value, where, true, small);
        if (!usi) continue;
        nSolutions++;
        const pos = r.value.clone();
        const moves = usi.split(/\s+/);
        for (let k = 0; k < moves.length; k++) {
            const md = parseUsi(moves[k]);
            if (!md || !pos.isLegal(md)) {
                notes.push(`${where}: solution move ${k + 1} '${moves[k]}' is illegal per shogiops; rest of the line skipped`);
                break;
            }
            pos.play(md);
            addPosition(makeSfen(pos), pos.clone(), `${where} ply ${k + 1}`, false, small);
        }
    }
}

// ---------------------------------------------------------------- sample
let chosen = positions;
if (opts.sample) {
    const forced = positions.filter((p) => p.root && p.small);
    const k = Math.max(1, Math.ceil(positions.length / Math.max(1, opts.sample - forced.length)));
    chosen = positions.filter((p, i) => (p.root && p.small) || i % k === 0);
}

// ---------------------------------------------------------------- oracle 1: shogiops
const canPromote = pieceCanPromote('standard');
const mustPromote = pieceForcePromote('standard');

function opsMoves(pos) {
    const out = [];
    for (const [from, dests] of pos.allMoveDests()) {
        const piece = pos.board.get(from);
        for (const to of dests) {
            const captured = pos.board.get(to);
            if (canPromote(piece, from, to, captured)) out.push({ from, to, promotion: true });
            if (!mustPromote(piece, to)) out.push({ from, to, promotion: false });
        }
    }
    for (const [name, dests] of pos.allDropDests()) {
        const { role } = parsePieceName(name);
        for (const to of dests) out.push({ role, to });
    }
    return out;
}

function opsAnalyse(pos) {
    const moves = [], checks = [];
    for (const md of opsMoves(pos)) {
        const usi = makeUsi(md);
        moves.push(usi);
        const child = pos.clone();
        child.play(md);
        if (child.isCheck()) checks.push(usi);
    }
    return { moves: moves.sort(), checks: checks.sort(), inCheck: pos.isCheck() };
}

// ---------------------------------------------------------------- oracle 2: tsshogi
// tsshogi has no move generator, only a legality test, so try every from/to pair (and every
// hand piece on every square); slow, which is why it is asked only where needed.
function tsAnalyse(text) {
    const pos = new TS.Position();
    if (!pos.resetBySFEN(text)) return { error: 'tsshogi rejects the SFEN' };
    const moves = [], checks = [];
    const consider = (m) => {
        if (!m || !pos.isValidMove(m)) return;
        moves.push(m.usi);
        const child = pos.clone();
        child.doMove(m, { ignoreValidation: true });
        if (child.checked) checks.push(m.usi);
    };
    for (const from of TS.Square.all) {
        const pc = pos.board.at(from);
        if (!pc || pc.color !== pos.color) continue;
        for (const to of TS.Square.all) {
            const m = pos.createMove(from, to);
            consider(m);
            if (m) consider(m.withPromote());
        }
    }
    const hand = pos.hand(pos.color);
    for (const pt of TS.handPieceTypes) {
        if (!hand.count(pt)) continue;
        for (const to of TS.Square.all) consider(pos.createMove(pt, to));
    }
    return { moves: moves.sort(), checks: checks.sort(), inCheck: pos.checked };
}

const t1 = Date.now();
for (const p of chosen) if (p.pos) p.ops = opsAnalyse(p.pos);
const t2 = Date.now();

// ---------------------------------------------------------------- tsume, once per kind
function runTsume(kind, list) {
    if (!list.length) return [];
    const r = spawnSync(opts.bin, [kind, '-f', '-'], {
        input: list.map((p) => p.text).join('\n') + '\n',
        encoding: 'utf8',
        maxBuffer: 1 << 30,
    });
    if (r.error) fatal(`cannot run '${opts.bin} ${kind} -f -': ${r.error.message} (build with make, or set TSUME_BIN)`);
    if (r.signal) fatal(`'${opts.bin} ${kind} -f -' died with ${r.signal}`);
    const out = r.stdout.split('\n');
    if (out.length && out[out.length - 1] === '') out.pop();
    if (out.length !== list.length)
        fatal(`'${opts.bin} ${kind} -f -' printed ${out.length} lines for ${list.length} positions` +
              (r.stderr ? `: ${r.stderr.trim().split('\n')[0]}` : ''));
    return out.map((l) => (l.startsWith('error:') ? { error: l.slice(6).trim() } : { moves: l.split(' ').filter(Boolean) }));
}

const ours = {
    moves: runTsume('moves', chosen),
    checks: runTsume('checks', chosen),
};
const inCheckList = chosen.filter((p) => p.ops && p.ops.inCheck);
const evasionOut = runTsume('evasions', inCheckList);
inCheckList.forEach((p, i) => (p.ourEvasions = evasionOut[i]));
chosen.forEach((p, i) => {
    p.ourMoves = ours.moves[i];
    p.ourChecks = ours.checks[i];
});
const t3 = Date.now();

// ---------------------------------------------------------------- compare
function diff(expected, got) {
    const e = new Set(expected), g = new Set(got);
    return { missing: expected.filter((m) => !g.has(m)), extra: got.filter((m) => !e.has(m)) };
}
const sameSet = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const fmt = (list) => (list.length ? list.join(' ') : '(none)');

let passed = 0, failed = 0, nMoves = 0, nChecks = 0, nEvasions = 0;
const kindFails = { moves: 0, checks: 0, evasions: 0, rejected: 0 };
const reports = [];
const oracleDisagreements = [];

for (const p of chosen) {
    const problems = [];
    if (!p.pos) {
        // shogiops refuses the position; agreement means tsume refuses it too.
        if (!p.ourMoves.error) {
            kindFails.rejected++;
            problems.push(`shogiops rejects this SFEN (${p.oracleError}) but tsume moves accepts it (${p.ourMoves.moves.length} moves)`);
        }
    } else {
        const cmp = [
            ['moves', p.ourMoves, p.ops.moves],
            ['checks', p.ourChecks, p.ops.checks],
        ];
        if (p.ops.inCheck) cmp.push(['evasions', p.ourEvasions, p.ops.moves]);
        nMoves += p.ops.moves.length;
        nChecks += p.ops.checks.length;
        if (p.ops.inCheck) nEvasions += p.ops.moves.length;
        let ts = null;
        const second = () => (ts ??= tsAnalyse(p.text));
        for (const [kind, got, want] of cmp) {
            if (got.error) {
                kindFails[kind]++;
                problems.push(`${kind}: tsume says 'error: ${got.error}', shogiops has ${want.length} moves`);
                continue;
            }
            const sorted = [...got.moves].sort();
            if (sameSet(sorted, want)) continue;
            kindFails[kind]++;
            const d = diff(want, sorted);
            const t = second();
            const tsList = t.error ? null : kind === 'checks' ? t.checks : t.moves;
            let verdict;
            if (!tsList) verdict = `tsshogi: ${t.error}`;
            else if (sameSet(tsList, want)) verdict = 'tsshogi agrees with shogiops';
            else if (sameSet(tsList, sorted)) verdict = 'tsshogi agrees with tsume';
            else {
                const dt = diff(want, tsList);
                verdict = `tsshogi agrees with neither (vs shogiops: missing ${fmt(dt.missing)}; extra ${fmt(dt.extra)})`;
            }
            problems.push(`${kind}: tsume ${sorted.length}, shogiops ${want.length}` +
                          `${tsList ? `, tsshogi ${tsList.length}` : ''}\n` +
                          `      missing in tsume: ${fmt(d.missing)}\n` +
                          `      extra in tsume:   ${fmt(d.extra)}\n` +
                          `      ${verdict}`);
        }
        if (opts.both) {
            const t = tsAnalyse(p.text);
            if (t.error) oracleDisagreements.push(`${p.origin}  ${p.text}\n      ${t.error}, shogiops accepts it`);
            else
                for (const kind of ['moves', 'checks']) {
                    if (sameSet(t[kind], p.ops[kind])) continue;
                    const d = diff(p.ops[kind], t[kind]);
                    oracleDisagreements.push(`${p.origin}  ${p.text}\n      ${kind}: shogiops ${p.ops[kind].length}, tsshogi ${t[kind].length}; ` +
                                             `only shogiops: ${fmt(d.missing)}; only tsshogi: ${fmt(d.extra)}`);
                }
        }
    }
    if (problems.length) {
        failed++;
        reports.push(`MISMATCH ${p.origin}\n  sfen ${p.text}\n` + problems.map((s) => `    ${s}`).join('\n'));
    } else passed++;
}
const t4 = Date.now();

// ---------------------------------------------------------------- report
for (const r of reports) console.log(r);
if (oracleDisagreements.length) {
    console.log(`oracle disagreements (shogiops vs tsshogi), ${oracleDisagreements.length}:`);
    for (const d of oracleDisagreements) console.log(`  ${d}`);
}
for (const n of notes) console.log(`note: ${n}`);
const secs = (ms) => (ms / 1000).toFixed(1);
console.log(`${files.length} files, ${nLines} problem lines (${nSolutions} with a solution line), ` +
            `${positions.length} distinct positions (${nDuplicates} repeats dropped)` +
            (opts.sample ? `, sample of ${chosen.length}` : ''));
console.log(`compared ${nMoves} legal moves, ${nChecks} checks, ${nEvasions} evasions over ` +
            `${chosen.length} positions (${inCheckList.length} in check)` +
            (opts.both ? `; oracle disagreements: ${oracleDisagreements.length}` : ''));
console.log(`mismatching positions by kind: moves ${kindFails.moves}, checks ${kindFails.checks}, ` +
            `evasions ${kindFails.evasions}, accepted-but-illegal ${kindFails.rejected}`);
console.log(`time: read+replay ${secs(t1 - t0)} s, shogiops ${secs(t2 - t1)} s, tsume ${secs(t3 - t2)} s, ` +
            `compare ${secs(t4 - t3)} s, total ${secs(Date.now() - t0)} s`);
console.log(`oracle: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
