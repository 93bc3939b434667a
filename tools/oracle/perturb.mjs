#!/usr/bin/env node
// perturb.mjs: new diagrams from the problems of a file, each one changed a little, for
// differential checks at a problem's depth (peer-check.mjs against another engine; tsume's
// rules against each other).  The brute force of mate-crosscheck.mjs reaches seven plies;
// a Zuko or Muso diagram with a piece moved, taken away or given is a position of the same
// kind whose answer nobody knows: often a mate of another length, often no mate, where a
// wrong "mate" or a wrong "nomate" of the search would show as a contradiction.
//
//   node tools/oracle/perturb.mjs [--seed S] [--per K] FILE...
//
// For each problem of FILE (a SFEN a line, the format of ../shared/problems/*.sfen) it
// writes up to K (default 2) diagrams, each with one to two changes: a piece other than a
// king taken off the board, moved to an empty square, given to the other side or
// (un)promoted; a piece put into or taken out of the attacker's hand.  A diagram is kept
// only when shogiops accepts it strictly (no piece that cannot move, one king a side at
// most), it has no two unpromoted pawns of a side on a file and no more pieces of a kind
// than the set, and neither king stands in check with the attacker to move.  A piece put
// into the attacker's hand comes out of the defender's when that holds one.
// Output: `SFEN<TAB>-<TAB># FILE:LINE change...`, reproducible from --seed; the count
// of diagrams on stderr.
import fs from 'node:fs';
import path from 'node:path';
import { importPkg } from './modules.mjs';

const { parseSfen } = await importPkg('shogiops', './sfen');

function fatal(msg) {
    console.error(`perturb: ${msg}`);
    process.exit(2);
}

const USAGE = 'usage: node tools/oracle/perturb.mjs [--seed S] [--per K] FILE...';
const args = process.argv.slice(2);
let seed = 1, per = 2;
const files = [];
for (let i = 0; i < args.length; i++) {
    if (args[i] === '--help' || args[i] === '-h') {
        console.log(`${USAGE}\n(see the file's comment)`);
        process.exit(0);
    } else if (args[i] === '--seed') seed = Number(args[++i]);
    else if (args[i] === '--per') per = Number(args[++i]);
    else if (args[i].startsWith('--')) fatal(`unknown option ${args[i]}`);
    else files.push(args[i]);
}
if (!files.length || !Number.isInteger(seed) || !Number.isInteger(per) || per < 1)
    fatal(USAGE);

// mulberry32: a small seeded generator, so that a run can be repeated.
let state = seed >>> 0;
function rnd(n) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
}

const HAND = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
const PROMOTES = new Set(['P', 'L', 'N', 'S', 'B', 'R']);

// Board as 9 rows of 9 tokens ('' empty, 'P', '+p' ...); hand as counts by letter
// (upper case: black's).
function parse(sfen) {
    const [board, side, hand] = sfen.split(' ');
    const rows = board.split('/').map((r) => {
        const out = [];
        for (let i = 0; i < r.length; i++) {
            const c = r[i];
            if (c >= '1' && c <= '9') for (let k = 0; k < Number(c); k++) out.push('');
            else if (c === '+') out.push('+' + r[++i]);
            else out.push(c);
        }
        return out;
    });
    const counts = {};
    if (hand !== '-')
        for (const m of hand.matchAll(/(\d*)([A-Za-z])/g)) counts[m[2]] = (counts[m[2]] || 0) + Number(m[1] || 1);
    return { rows, side, counts };
}

function render({ rows, side, counts }) {
    const board = rows
        .map((row) => {
            let s = '', empty = 0;
            for (const c of row) {
                if (!c) {
                    empty++;
                    continue;
                }
                if (empty) (s += empty), (empty = 0);
                s += c;
            }
            return empty ? s + empty : s;
        })
        .join('/');
    let hand = '';
    for (const up of [true, false])
        for (const h of HAND) {
            const l = up ? h : h.toLowerCase(), n = counts[l] || 0;
            if (n > 0) hand += (n > 1 ? n : '') + l;
        }
    return `${board} ${side} ${hand || '-'} 1`;
}

const isBlack = (t) => t.replace('+', '') === t.replace('+', '').toUpperCase();
const base = (t) => t.replace('+', '').toUpperCase();
const sqName = (r, c) => `${9 - c}${'abcdefghi'[r]}`;

const MAX = { R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 };

// What shogiops's strict parse lets through: more pieces of a kind than the set has, two
// unpromoted pawns of one side on a file.
function sound({ rows, counts }) {
    const n = {};
    for (const [l, k] of Object.entries(counts)) n[l.toUpperCase()] = (n[l.toUpperCase()] || 0) + k;
    for (let c = 0; c < 9; c++) {
        const pawns = { b: 0, w: 0 };
        for (let r = 0; r < 9; r++) {
            const t = rows[r][c];
            if (!t) continue;
            n[base(t)] = (n[base(t)] || 0) + 1;
            if (t === 'P') pawns.b++;
            if (t === 'p') pawns.w++;
        }
        if (pawns.b > 1 || pawns.w > 1) return false;
    }
    return Object.entries(MAX).every(([l, m]) => (n[l] || 0) <= m);
}

// One random change of d (attacker: the side to move); a description, or null.
function change(d) {
    const atk = d.side === 'b';
    const cells = [];
    for (let r = 0; r < 9; r++) for (let c = 0; c < 9; c++) cells.push([r, c]);
    const pieces = cells.filter(([r, c]) => d.rows[r][c] && base(d.rows[r][c]) !== 'K');
    const empty = cells.filter(([r, c]) => !d.rows[r][c]);
    switch (rnd(6)) {
    case 0: { // off the board
        if (!pieces.length) return null;
        const [r, c] = pieces[rnd(pieces.length)];
        const t = d.rows[r][c];
        d.rows[r][c] = '';
        return `${t}@${sqName(r, c)} removed`;
    }
    case 1: { // moved to an empty square
        if (!pieces.length) return null;
        const [r, c] = pieces[rnd(pieces.length)], [r2, c2] = empty[rnd(empty.length)];
        const t = d.rows[r][c];
        d.rows[r][c] = '';
        d.rows[r2][c2] = t;
        return `${t}@${sqName(r, c)} to ${sqName(r2, c2)}`;
    }
    case 2: { // to the other side
        if (!pieces.length) return null;
        const [r, c] = pieces[rnd(pieces.length)];
        const t = d.rows[r][c];
        d.rows[r][c] = isBlack(t) ? t.toLowerCase() : t.toUpperCase();
        return `${t}@${sqName(r, c)} changes side`;
    }
    case 3: { // promoted or unpromoted
        const cand = pieces.filter(([r, c]) => PROMOTES.has(base(d.rows[r][c])));
        if (!cand.length) return null;
        const [r, c] = cand[rnd(cand.length)];
        const t = d.rows[r][c];
        d.rows[r][c] = t[0] === '+' ? t.slice(1) : '+' + t;
        return `${t}@${sqName(r, c)} ${t[0] === '+' ? 'unpromoted' : 'promoted'}`;
    }
    case 4: { // into the attacker's hand, from the defender's when it holds one
        const h = HAND[rnd(HAND.length)], l = atk ? h : h.toLowerCase(), o = atk ? h.toLowerCase() : h;
        d.counts[l] = (d.counts[l] || 0) + 1;
        if (d.counts[o] > 0) d.counts[o]--;
        return `${h} into the attacker's hand`;
    }
    default: { // out of the attacker's hand
        const held = HAND.filter((h) => d.counts[atk ? h : h.toLowerCase()] > 0);
        if (!held.length) return null;
        const h = held[rnd(held.length)], l = atk ? h : h.toLowerCase();
        d.counts[l]--;
        return `${h} out of the attacker's hand`;
    }
    }
}

const seen = new Set();
let made = 0;
for (const file of files) {
    let text;
    try {
        text = fs.readFileSync(file, 'utf8');
    } catch (e) {
        fatal(`cannot read ${file}: ${e.message}`);
    }
    text.split('\n').forEach((line, i) => {
        const sfen = line.split('\t')[0].replace(/^(position )?sfen /, '').trim();
        if (!sfen || sfen.startsWith('#') || !parseSfen('standard', sfen, true).isOk) return;
        // two changes can undo each other (a piece into the hand and out again): the
        // diagram as given is no new one
        const given = render(parse(sfen));
        for (let k = 0, tries = 0; k < per && tries < 50 * per; tries++) {
            const d = parse(sfen), what = [];
            for (let n = 1 + rnd(2); n > 0; n--) {
                const w = change(d);
                if (w) what.push(w);
            }
            if (!what.length) continue;
            const out = render(d);
            const flip = out.replace(/ [bw] /, d.side === 'b' ? ' w ' : ' b ');
            const p = parseSfen('standard', out, true), q = parseSfen('standard', flip, true);
            if (!sound(d) || p.isErr || q.isErr || p.value.isCheck() || q.value.isCheck() || seen.has(out) ||
                out === given)
                continue;
            seen.add(out);
            console.log(`${out}\t-\t# ${path.basename(file)}:${i + 1} ${what.join(', ')}`);
            k++, made++;
        }
    });
}
console.error(`perturb: ${made} diagrams`);
