// brute.mjs: the brute forces behind the oracle tools (mate-crosscheck.mjs,
// verify-crosscheck.mjs), over the independent rules library shogiops, and their random
// positions.  The brute force finds the shortest mate within a small bound with every legal
// reply counted ('none', tsume's --futile none) or under one of the composers' rules
// ('capture', 'delay'), written from the statements of README ("Futile interpositions")
// and solver/futile.h alone, not from tsume's code.
import { importPkg } from './modules.mjs';
import { legalMoves } from './legal.mjs';

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { opposite, parseUsi } = await importPkg('shogiops', './util');
const { between } = await importPkg('shogiops', './attacks');

export class OverBudget extends Error {}
let visits = 0, budget = 3000000;

// The moves the brute force may play per position (shortest() and shortestMated() start
// the count again): past them it throws OverBudget.
export function setVisits(v) {
    budget = v;
}

// The attacker to move in pos mates within n plies (n odd) under rule ('none', 'capture' or
// 'delay': README, "Futile interpositions"; solver/futile.h states both rules exactly).
// Answers (memo: the attacker's mates, the defender's mated, the capture rule's chains) are
// kept by position (board, hands, side) and question, and the attacker's checks (each with
// the position after it) and the defender's replies (moveMemo) by position, across the
// rules' searches of one position (reset() clears both, between positions): nothing here
// depends on the path, since a bound this small leaves no room for a repetition to be a
// shortest mate.  (The defender's answers were not kept before 2026-11-30: the delay rule's
// handed-back positions then searched the same chains of interpositions again and again.)
let memo = new Map(), moveMemo = new Map();

// Forgets every answer and move list (between positions: bounds memory).
export function reset() {
    memo = new Map();
    moveMemo = new Map();
}
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

export function mates(pos, n, rule = 'none') {
    return remembered(pos, `m${n}${rule}`, () => {
        for (const after of checksOf(pos)) {
            if (++visits > budget) throw new OverBudget();
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
export function mated(d, L, rule) {
    return remembered(d, `d${L}${rule}`, () => matedNow(d, L, rule));
}
function matedNow(d, L, rule) {
    let replies = repliesOf(d);
    // Mated at once: no reply that counts (the first one found decides).
    if (L < 2) return rule === 'none' ? replies.length === 0 : !replies.some((r) => !captureFutile(d, r, 1));
    if (rule !== 'none') replies = replies.filter((r) => !captureFutile(d, r, 1));
    if (replies.length === 0) return true;
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

// The defender to move in d (a mate line's last position) is mated on the spot under rule:
// no reply, or (composers' rules) only interpositions futile by the capture test.  Null
// when those chains run over the budget.
export function matedAtEnd(d, rule) {
    reset();
    visits = 0;
    try {
        return mated(d, 0, rule);
    } catch (e) {
        if (e instanceof OverBudget) return null;
        throw e;
    }
}

// The square of the one distant piece that checks the defender to move in d, when reply r
// puts a piece between it and the king; else -1.
export function interposes(d, r) {
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
export function captureFutile(d, r, depth) {
    const checker = interposes(d, r);
    if (checker < 0 || depth > 24) return false;
    for (const { back } of captures(d, r, checker)) {
        if (++visits > budget) throw new OverBudget();
        // Mated on the spot: every reply again such an interposition (one that is not, a
        // king move say, decides at once, before any chain is followed).
        const mate = () => {
            const rs = repliesOf(back);
            return !rs.some((r2) => interposes(back, r2) < 0) && rs.every((r2) => captureFutile(back, r2, depth + 1));
        };
        if (remembered(back, `c${depth}`, mate)) return true;
    }
    return false;
}

// The delay rule's capture half for r at a defender node with bound L.
export function delayFutile(d, r, L) {
    const checker = interposes(d, r);
    if (checker < 0) return false;
    return captures(d, r, checker).some(({ kept, back }) => mated(back, L, 'delay') && mated(kept, L, 'delay'));
}

/* The shortest mate within bound under rule (0: none), or -1 over the budget. */
export function shortest(pos, bound, rule = 'none') {
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

/* q() with a fresh count of visits: its answer, or null when it runs past the budget. */
export function guarded(q) {
    visits = 0;
    try {
        return q();
    } catch (e) {
        if (e instanceof OverBudget) return null;
        throw e;
    }
}

/* The defender to move in d (in check) is mated: the fewest plies L (even, up to bound)
 * with mated(d, L, rule), or -1 for none within bound, or -2 over the budget. */
export function shortestMated(d, bound, rule = 'none') {
    visits = 0;
    try {
        for (let L = 0; L <= bound; L += 2)
            if (mated(d, L, rule)) return L;
        return -1;
    } catch (e) {
        if (e instanceof OverBudget) return -2;
        throw e;
    }
}

// Random positions, reproducible from seed: a defender king on the top four ranks, two to
// six attacking and up to four defending pieces around it (promoted ones too), an attacker
// king sometimes, random hands; neither king in check with the attacker to move, each one
// different.  Two in three positions with a mate in one are passed over (probe(pos): its
// shortest mate within 1, 0 for none), so that longer answers are not drowned.  Yields at
// most tries positions (the caller stops when it has enough).
export function* randomPositions(seed, tries, probe) {
    // A 31-bit linear congruential generator.  Math.imul keeps the product exact: the plain
    // product passes 2^53, and its rounding made short cycles (until 2026-11-30 seed 6060
    // drew 58 distinct positions in 1500, each about 40 times).  A position drawn twice is
    // drawn again (seen), so --random N checks N different positions.
    const rnd = (n) => {
        seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
        return (seed >> 4) % n;
    };
    const seen = new Set();
    const KINDS = ['P', 'L', 'N', 'S', 'G', 'B', 'R', '+P', '+L', '+N', '+S', '+B', '+R'];
    const HAND = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
    const MAX = { R: 2, B: 2, G: 4, S: 4, N: 4, L: 4, P: 18 };
    for (let t = 0; t < tries; t++) {
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
        if (rnd(3) !== 0 && probe(p.value) !== 0) continue; // mostly keep those without a mate in one
        yield p.value;
    }
}

// A USI move's text (a board move, maybe promoting, or a drop).
export const USI_MOVE = /^([1-9][a-i][1-9][a-i]\+?|[RBGSNLP]\*[1-9][a-i])$/;

// The move that USI text u names when it is one and legal in pos, else undefined.
export function legalUsi(pos, u) {
    const m = USI_MOVE.test(u) ? parseUsi(u) : undefined;
    return m && pos.isLegal(m) ? m : undefined;
}

// The positions along a solution line: cols, a row of a problem file (SFEN, optionally
// prefixed 'position sfen'; the stated length; USI moves), gives the problem's position and
// one after each of its moves, up to the first that is not a legal USI move; none for a
// SFEN that does not parse or carries moves of its own.
export function linePositions(cols) {
    const sfen = cols[0].replace(/^position\s+/, '').replace(/^sfen\s+/, '').trim();
    if (sfen.includes(' moves')) return [];
    const p = parseSfen('standard', sfen, false);
    if (p.isErr) return [];
    const pos = p.value, line = [pos.clone()];
    for (const u of (cols[2] || '').trim().split(/\s+/)) {
        const m = legalUsi(pos, u);
        if (!m) break;
        pos.play(m);
        line.push(pos.clone());
    }
    return line;
}

// About n of list (every k-th one from the first), or all of it when n is 0.
export function sampled(list, n) {
    const step = n ? Math.max(1, Math.floor(list.length / n)) : 1;
    return list.filter((_, i) => i % step === 0);
}
