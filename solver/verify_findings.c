/*
 * verify_findings.c: the record a verification leaves (verify.h): its findings, kept in
 * ply order, and the verdict they add up to.
 *
 * The walk (verify.c) and the rule for choices as good (verify_ties.c) append findings;
 * verify_conclude adds those about the main line as a whole (short, long, leftover) once
 * its length is proven, and weighs them all into the verdict.  A finding owns its line
 * (lead then moves, one allocation); verify_clear_findings frees them.
 */
#include <stdlib.h>
#include <string.h>

#include "verify_internal.h"

bool verify_append(verify_result_t *v, int *cap, int ply, verify_kind_t kind, const move_t *lead, int nlead,
                   const move_t *moves, int plies)
{
    if (v->nfindings == *cap) {
        int grown = *cap ? 2 * *cap : 16;
        verify_finding_t *f = realloc(v->findings, sizeof *f * (size_t)grown);
        if (!f)
            return false;
        v->findings = f;
        *cap = grown;
    }
    int total = nlead + plies;
    move_t *copy = total ? malloc(sizeof *copy * (size_t)total) : NULL;
    if (total && !copy)
        return false;
    if (nlead)
        memcpy(copy, lead, sizeof *copy * (size_t)nlead);
    if (plies)
        memcpy(copy + nlead, moves, sizeof *copy * (size_t)plies);
    v->findings[v->nfindings++] = (verify_finding_t){ply, kind, plies, copy, nlead};
    return true;
}

/* Findings about the main line as a whole come first at their ply. */
static int finding_rank(const verify_finding_t *f)
{
    bool whole = f->kind == FIND_SHORT || f->kind == FIND_LONG || f->kind == FIND_LEFTOVER;
    return 2 * f->ply + !whole;
}

/* Later passes (and verify_conclude) append out of ply order: a stable insertion sort
 * (findings are few) keeps each ply's findings in the order they were found. */
void verify_sort_findings(verify_result_t *v)
{
    verify_finding_t *f = v->findings;
    for (int i = 1; i < v->nfindings; i++) {
        verify_finding_t x = f[i];
        int j = i;
        for (; j > 0 && finding_rank(&f[j - 1]) > finding_rank(&x); j--)
            f[j] = f[j - 1];
        f[j] = x;
    }
}

/* The findings about the length and ending of the main line itself, then the verdict;
 * run again when a resumed shortening certifies the length after the walk (solver_run.c). */
void verify_conclude(verify_result_t *v)
{
    const solve_result_t *r = &v->solve;
    if (v->verdict == VERDICT_ERROR || r->status != SOLVE_MATE)
        return;
    int n = r->plies;
    bool have_length = false, have_leftover = false;
    for (int i = 0; i < v->nfindings; i++) {
        have_length |= v->findings[i].kind == FIND_SHORT || v->findings[i].kind == FIND_LONG;
        have_leftover |= v->findings[i].kind == FIND_LEFTOVER;
    }
    /* A line not proven shortest may not be the composers': its length and ending make no
     * finding yet, with one exception.  The composers' length is at most within, a mate
     * proven whatever the line's choices and resting on no futility test that ran out
     * (solver_run.c), so a within below the stated length is already 早詰;
     * the line shows it when it is shorter than stated too.  (Muso 第54番, stated 23 as
     * shtsume's, 19 proven shortest without a limit: at --nodes 200000 within 19 and an
     * uncertified line of 19, which gave unknown.) */
    int cap = v->nfindings;
    bool ok = true;
    if (!have_length && v->stated > 0 && n != v->stated) {
        if (r->exact)
            ok = verify_append(v, &cap, 0, n < v->stated ? FIND_SHORT : FIND_LONG, NULL, 0, r->pv, n);
        else if (r->within < v->stated && n < v->stated)
            ok = verify_append(v, &cap, 0, FIND_SHORT, NULL, 0, r->pv, n);
    }
    if (ok && r->exact && !have_leftover && r->leftover > 0)
        ok = verify_append(v, &cap, n, FIND_LEFTOVER, NULL, 0, NULL, 0);
    if (!ok) {
        v->verdict = VERDICT_ERROR, strcpy(v->solve.error, "out of memory");
        return;
    }
    verify_sort_findings(v);
    /* Two mating moves at one attacker node make a cook whichever of them is the solution;
     * the other major findings measure against the main line, so they only count when its
     * length is proven.  A line that rests on a delay-rule test which ran out may pass
     * through positions the main line never reaches (an interposition kept that the rule
     * would leave out: kh8a with --delay-nodes 1 reached a cook at ply 5 that way), so
     * there only a cook at the first move decides. */
    /* Pieces left whose count is not certain (solver.h: leftover_sure) may be the ending
     * of one line as long among others that leave none: they make no verdict on their own
     * (Zuko 第69番, 19 plies at the bench's limits: 1 piece left, 2 when the walk has 16
     * times its allowance). */
    bool futile_doubt = !r->exact && (r->futile_unsure || r->line_unsure), major = false, doubt = false;
    for (int i = 0; i < v->nfindings; i++) {
        bool unsure_leftover = v->findings[i].kind == FIND_LEFTOVER && !r->leftover_sure;
        doubt |= unsure_leftover;
        major |= (v->findings[i].kind == FIND_COOK && (!futile_doubt || v->findings[i].ply == 1)) ||
                 (r->exact && verify_kind_major(v->findings[i].kind) && !unsure_leftover);
    }
    bool short_mate = v->nfindings && v->findings[0].kind == FIND_SHORT;
    if (short_mate)
        v->verdict = VERDICT_SHORT;
    else if (major)
        v->verdict = VERDICT_COOKED;
    else if (v->incomplete || !r->exact || doubt)
        v->verdict = VERDICT_UNKNOWN; /* nothing wrong found, but not everything was asked */
    else
        v->verdict = VERDICT_SOUND;
}

void verify_clear_findings(verify_result_t *v)
{
    for (int i = 0; i < v->nfindings; i++)
        free(v->findings[i].moves);
    free(v->findings);
    v->findings = NULL;
    v->nfindings = 0;
}

void verify_result_free(verify_result_t *v)
{
    verify_clear_findings(v);
    solve_result_free(&v->solve);
}

const char *verdict_name(verify_verdict_t v)
{
    static const char *NAMES[] = {"sound", "cooked", "short", "nomate", "unknown", "error"};
    return NAMES[v];
}

static const struct {
    const char *name, *label;
    bool major;
} KINDS[FIND_KIND_NB] = {
    [FIND_SHORT] = {"short", "早詰", true},
    [FIND_LONG] = {"long", "手数不足", true},
    [FIND_LEFTOVER] = {"leftover", "駒余り", true},
    [FIND_COOK] = {"cook", "余詰", true},
    [FIND_FINAL_COOK] = {"final-cook", "最終手余詰", false},
    [FIND_PROMOTION] = {"promotion", "成不成非限定", false},
    [FIND_SQUARE] = {"square", "非限定", false},
    [FIND_PIECE] = {"piece", "駒非限定", false},
    [FIND_TRANSPOSE] = {"transposition", "手順前後", false},
    [FIND_DETOUR] = {"detour", "迂回手順", false},
    [FIND_EQUAL] = {"equal", "変同", false},
    [FIND_EQUAL_LAST2] = {"equal-last2", "終2手変同", false},
    [FIND_LONGER] = {"longer", "変長", true},
    [FIND_VARIATION_COOK] = {"variation-cook", "変化別詰", false},
    [FIND_UNKNOWN] = {"unknown", "未確定", false},
};

const char *verify_kind_name(verify_kind_t k) { return KINDS[k].name; }
const char *verify_kind_label(verify_kind_t k) { return KINDS[k].label; }
bool verify_kind_major(verify_kind_t k) { return KINDS[k].major; }
