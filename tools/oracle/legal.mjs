// legal.mjs: every legal move of a shogiops position, for the brute-force referees
// (mate-within.mjs, brute.mjs): board moves with and without promotion, then
// drops.  isLegal rejects what the rules forbid (self-check, dead pieces, two pawns on a
// file, pawn-drop mate).
export function legalMoves(pos) {
    const out = [];
    for (const [from, dests] of pos.allMoveDests())
        for (const to of dests)
            for (const promotion of [false, true]) {
                const m = { from, to, promotion };
                if (pos.isLegal(m)) out.push(m);
            }
    for (const [pieceName, dests] of pos.allDropDests()) {
        const role = pieceName.split(' ')[1];
        for (const to of dests) {
            const m = { role, to };
            if (pos.isLegal(m)) out.push(m);
        }
    }
    return out;
}
