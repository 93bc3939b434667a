// replay.mjs: a mate line replayed with the independent shogiops rules library, for the
// tools that check tsume's lines (verify-line.mjs, bench-famous.mjs).  A line is a mate
// when every attacker move is legal and checks, every defender move is legal, the final
// position is checkmate, and no position (board, hands, side to move) comes twice: a
// repetition is never a mate for the attacker.  Under a composers' rule a line may end on
// a check whose only replies are futile interpositions: the end is then judged by
// brute.mjs's capture test, written from README's statement of the rules.
import { matedAtEnd } from './brute.mjs';
import { importPkg } from './modules.mjs';

const { parseSfen, makeSfen } = await importPkg('shogiops', './sfen');
const { parseUsi } = await importPkg('shogiops', './util');

// Null when pv mates from sfen, else why not.  With inCheckDefends (tsume's --in-check
// defend), a side to move in check is the defender: the line then starts with its reply
// and has an even length.  rule: 'none' (every reply counts: the end must be checkmate),
// 'capture' or 'delay' (either ends on the capture test).
export function replayMate(sfen, pv, { inCheckDefends = false, rule = 'none' } = {}) {
    const r = parseSfen('standard', sfen, false);
    if (r.isErr) return `bad sfen: ${r.error.message}`;
    const pos = r.value;
    const attackerParity = inCheckDefends && pos.isCheck() ? 1 : 0;
    // The SFEN without its move number: board, side to move, hands.
    const key = () => makeSfen(pos).split(' ').slice(0, 3).join(' ');
    const seen = new Map([[key(), 0]]);
    for (let i = 0; i < pv.length; i++) {
        const md = parseUsi(pv[i]);
        if (!md || !pos.isLegal(md)) return `ply ${i + 1}: illegal move ${pv[i]}`;
        pos.play(md);
        if (i % 2 === attackerParity && !pos.isCheck()) return `ply ${i + 1}: ${pv[i]} does not check`;
        const k = key();
        if (seen.has(k)) return `ply ${i + 1}: the position after ply ${seen.get(k)} again`;
        seen.set(k, i + 1);
    }
    if (pv.length % 2 !== 1 - attackerParity) return `${attackerParity ? 'odd' : 'even'} length ${pv.length}`;
    if (pos.isCheckmate()) return null;
    if (rule === 'none' || !pos.isCheck()) return 'the final position is not checkmate';
    const m = matedAtEnd(pos, 'capture');
    return m ? null : m === null ? 'the final position\'s interpositions ran over the futility test\'s budget'
                                : 'the final position is not mated, futile interpositions aside';
}

// Null when d, an answer of `tsume solve --format json` with status mate, holds a line that
// mates (replayMate, opts) as long as its "plies"; else why not.
export function replayAnswer(d, opts) {
    if (!Array.isArray(d.pv) || typeof d.sfen !== 'string') return 'no "pv" list or "sfen"';
    if (d.plies !== d.pv.length) return `"plies" ${d.plies} but a line of ${d.pv.length}`;
    return replayMate(d.sfen, d.pv, opts);
}
