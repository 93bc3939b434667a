/*
 * verify_ties.c: the rule for a main line that takes one of two moves as good (verify.h).
 *
 * The walk (verify.c) lists the findings along one main line.  Where that line has a
 * choice the rules leave open (a 変同, the other promotion, another square of the same
 * line, another piece dropped on the square), which branch it follows is a tie-break of
 * the search, so a cooked verdict whose flaws all lie after such a choice is no verdict
 * on the composition until the other branch is verified too.  This file holds that
 * rule: which findings are such choices, the other branch's walk and its adoption when
 * sound, and the test that turns a cooked verdict into unknown when a limit left open
 * something before the first flaw that could be such a choice.  Invariant: a verdict
 * only ever moves from cooked to sound (a sound branch adopted) or to unknown, or from
 * unknown to sound when it was unknown for pieces left whose count is not certain; the
 * walk's own findings and lengths are never changed here.
 */
#include <stdlib.h>
#include <string.h>

#include "verify.h"
#include "verify_internal.h"

/* Whether finding f is a move as good as the main line's at its ply (the mate takes as
 * many plies either way), whose line can stand for the main line from there on. */
static bool is_tie(const verify_finding_t *f, int n)
{
    bool kind = f->kind == FIND_PROMOTION || f->kind == FIND_SQUARE || f->kind == FIND_PIECE || f->kind == FIND_EQUAL;
    return kind && f->moves && f->ply >= 1 && f->plies == n - f->ply + 1;
}

/* The ply of the first major finding that another line could avoid (a cook, leftover
 * pieces at the mate), or 0 when some other major finding holds (a length other than the
 * stated one, a longer defence: the line is then not the rules' line).  On an
 * uncertified line the others make no verdict (verify_conclude): a longer defence before
 * a cook is then open_before's to weigh.  (It returned 0 there too, and a cook after a
 * proven longer defence stayed cooked: a white-box review.) */
static int first_avoidable(const verify_result_t *v)
{
    int first = 0;
    for (int i = 0; i < v->nfindings; i++) {
        const verify_finding_t *f = &v->findings[i];
        if (!verify_kind_major(f->kind))
            continue;
        if (f->kind != FIND_COOK && f->kind != FIND_LEFTOVER) {
            if (!v->solve.exact)
                continue;
            return 0;
        }
        if (!first || f->ply < first)
            first = f->ply;
    }
    return first;
}

/* The main line is one of the lines the rules allow: where it has a move as good as
 * another (a 変同, a 成不成非限定, ...), which one it takes is a tie-break of the search.
 * A flaw that lies after such a choice belongs to that branch only, a variation of the
 * composition (変化別詰), not to the composition: Muso 第98番 mates in 61 after 5d4c and
 * after 5d4c+, with a cook at ply 57 after 5d4c only, and the verdict followed whichever
 * the search of the day preferred.  So a cooked verdict whose flaws all come after such a
 * choice is checked again along the other move's line (the finding's), the nearest choice
 * first, up to TIE_TRIES of them; a sound line replaces the main line, and the cooks of
 * the line it replaces stay in the report as minor findings (variation-cook).  Only a
 * certified main line: the other line then has its length, the rules' length. */
enum { TIE_TRIES = 4 };

/* Makes alt (a sound line through the other move of choice t) v's main line. */
static void adopt_branch(verify_result_t *v, verify_result_t *alt, const verify_finding_t *t, int n)
{
    /* The replaced line's cooks, after the choice, join the new line's findings (sorted
     * by ply: each behind the new line's own findings of its ply).  The new line's
     * finding for the replaced move shows one way to mate on that branch: when it is the
     * cook's, the other is the replaced line's own. */
    const verify_finding_t *back = NULL;
    for (int i = 0; i < alt->nfindings; i++)
        if (alt->findings[i].ply == t->ply && alt->findings[i].plies &&
            alt->findings[i].moves[0] == v->solve.pv[t->ply - 1])
            back = &alt->findings[i];
    int nback = back ? back->plies : 0;
    move_t *shown = back ? malloc(sizeof *shown * (size_t)nback) : NULL;
    if (shown)
        memcpy(shown, back->moves, sizeof *shown * (size_t)nback);
    int cap = alt->nfindings;
    bool ok = true;
    for (int i = 0; i < v->nfindings && ok; i++) {
        const verify_finding_t *f = &v->findings[i];
        if (f->kind != FIND_COOK)
            continue;
        int at = f->ply - t->ply; /* the replaced line's moves from the choice to the cook */
        const move_t *way = v->solve.pv + t->ply - 1;
        if (shown && at < nback && f->plies && shown[at] == f->moves[f->lead])
            ok = verify_append(alt, &cap, f->ply, FIND_VARIATION_COOK, way, at, v->solve.pv + f->ply - 1, n - f->ply + 1);
        else
            ok = verify_append(alt, &cap, f->ply, FIND_VARIATION_COOK, way, at, f->moves + f->lead, f->plies);
    }
    free(shown);
    verify_sort_findings(alt);
    verify_clear_findings(v);
    memcpy(v->solve.pv, alt->solve.pv, sizeof *v->solve.pv * (size_t)n);
    v->solve.leftover = alt->solve.leftover;
    v->solve.leftover_sure = alt->solve.leftover_sure;
    v->findings = alt->findings, v->nfindings = alt->nfindings;
    v->verdict = alt->verdict;
    v->incomplete = alt->incomplete;
    v->unwalked = alt->unwalked;
    free(alt->solve.pv);
    if (!ok) /* a variation-cook could not be kept: no verdict without it, as elsewhere */
        v->verdict = VERDICT_ERROR, strcpy(v->solve.error, "out of memory");
}

/* Whether check m, left undecided at attacker ply k in place of the main line's move
 * main, could be a choice as good as main (verify_choice_kind): any other mate there is
 * a cook, or runs into the main line (transposition, detour), and leaves the flaws
 * after it where they are.  The line is replayed from p for the king's square. */
static bool maybe_tie_check(pos_t *p, const move_t *pv, int k, move_t m, move_t main)
{
    undo_t *u = malloc(sizeof *u * (size_t)k);
    if (!u)
        return true; /* cannot tell: open */
    for (int i = 0; i < k - 1; i++)
        pos_do(p, pv[i], &u[i]);
    square_t king = p->king[opp(p->side)];
    for (int i = k - 1; i > 0; i--)
        pos_undo(p, pv[i - 1], &u[i - 1]);
    free(u);
    return verify_choice_kind(king, m, main) != FIND_COOK;
}

/* Whether the line before ply first may not be the rules' line: an alternative a limit
 * left undecided that may be a choice as good (a reply as long, a 変同, or a check of
 * maybe_tie_check), plies whose alternatives were never listed, or a longer defence (a
 * major finding of its own on a certified line; on an uncertified one the line then
 * leaves the rules' before the flaw): the other branch of a choice that verify_ties
 * would have tried.  p: the problem's position. */
static bool open_before(pos_t *p, const verify_result_t *v, int first)
{
    if (v->unwalked > 0 && v->unwalked < first)
        return true;
    for (int i = 0; i < v->nfindings; i++) {
        const verify_finding_t *f = &v->findings[i];
        if (f->ply >= first || (f->kind != FIND_UNKNOWN && f->kind != FIND_LONGER))
            continue;
        if (f->kind == FIND_LONGER || f->ply % 2 == 0 || !f->moves ||
            maybe_tie_check(p, v->solve.pv, f->ply, f->moves[0], v->solve.pv[f->ply - 1]))
            return true;
    }
    return false;
}

/* Whether the verdict is unknown for pieces left whose count is not certain (verify_conclude):
 * the other branch of a choice before them may be sound, as for a cooked verdict. */
static bool leftover_doubt(const verify_result_t *v)
{
    if (v->verdict != VERDICT_UNKNOWN || !v->solve.exact || v->solve.leftover_sure)
        return false;
    for (int i = 0; i < v->nfindings; i++)
        if (v->findings[i].kind == FIND_LEFTOVER)
            return true;
    return false;
}

void verify_ties(dfpn_shared_t *sh, pos_t *p, const solve_opts_t *o, verify_result_t *v, uint64_t proof_nodes)
{
    int n = v->solve.plies;
    int first = v->verdict == VERDICT_COOKED || leftover_doubt(v) ? first_avoidable(v) : 0;
    v->flaws_open = 0;
    if (!first)
        return;
    /* Whether a choice before the flaws, or an alternative a limit left undecided there,
     * may still lead to a sound line: then the flaws are not shown to be the problem's,
     * and the verdict is unknown, not cooked.  Under limits the verdict followed the
     * tie-break again (Muso 第29番 at 139,292 nodes: cooked on the branch of 7c6b at ply
     * 10, whose other branch, 7c8d, a limit left unverified and the full verification
     * finds sound).  The four choices tried are the rule's, not a limit's: a line whose
     * four nearest choices are all flawed stays cooked. */
    bool open = open_before(p, v, first);
    /* The findings are in ply order (verify_sort_findings): from the last, the nearest
     * choices before the first flaw come first. */
    for (int i = v->nfindings - 1, tries = 0; i >= 0 && tries < TIE_TRIES; i--) {
        const verify_finding_t *t = &v->findings[i];
        if (!is_tie(t, n) || t->ply >= first)
            continue;
        /* Only a certified main line: the other line then has its length, the rules'. */
        if (!v->solve.exact || dfpn_global_limit_hit(sh)) {
            open = true;
            break;
        }
        tries++;
        verify_result_t alt = *v;
        alt.nfindings = 0, alt.findings = NULL;
        alt.solve.pv = malloc(sizeof *alt.solve.pv * (size_t)n);
        undo_t *u = malloc(sizeof *u * (size_t)n);
        if (!alt.solve.pv || !u) {
            free(alt.solve.pv), free(u);
            open = true;
            break;
        }
        memcpy(alt.solve.pv, v->solve.pv, sizeof *alt.solve.pv * (size_t)(t->ply - 1));
        memcpy(alt.solve.pv + t->ply - 1, t->moves, sizeof *alt.solve.pv * (size_t)t->plies);
        for (int k = 0; k < n; k++)
            pos_do(p, alt.solve.pv[k], &u[k]);
        /* The other line's count of pieces left is as certain as the main line's (alt
         * keeps its leftover_sure): the walk weighed the choice by that count. */
        alt.solve.leftover = hand_total(p->hand[opp(p->side)]); /* the mated side is to move */
        for (int k = n; k > 0; k--)
            pos_undo(p, alt.solve.pv[k - 1], &u[k - 1]);
        free(u);
        verify_line(sh, p, o, &alt, proof_nodes);
        if (alt.verdict == VERDICT_SOUND) {
            adopt_branch(v, &alt, t, n);
            return;
        }
        /* Flawed too, but maybe only as far as a limit let it be asked. */
        int alt_first = alt.verdict == VERDICT_COOKED ? first_avoidable(&alt) : 0;
        if (alt.verdict == VERDICT_UNKNOWN || alt.verdict == VERDICT_ERROR || (alt_first && open_before(p, &alt, alt_first)))
            open = true;
        verify_clear_findings(&alt);
        free(alt.solve.pv);
    }
    if (open)
        v->verdict = VERDICT_UNKNOWN, v->flaws_open = first;
}
