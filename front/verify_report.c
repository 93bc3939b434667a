/*
 * verify_report.c: the report of `tsume verify` on one problem, as a text block or one
 * JSON line (verify_report.h).
 *
 * The text block names the problem, the verdict with the length it rests on, the main
 * line, each finding with its line from the position of its ply (a variation-cook's
 * from its branch), the stated line's comparison and the search's figures; moves in
 * KIF notation (同 where a move lands where the one before did) or in USI.  The JSON
 * object carries the same, its keys stable: the tests and tools read them.  The
 * position given is replayed along the lines and restored on return.
 */
#include "verify_report.h"

#include <stdlib.h>

#include "../movegen/usi_move.h"
#include "cli.h"
#include "json.h"
#include "notation.h"
#include "solve_common.h"

/* Writes moves[0..n), played from p (restored), in the notation asked for; prev_to: the
 * destination of the move before the first (for 同). */
static void put_moves(FILE *out, bool usi, pos_t *p, const move_t *moves, int n, square_t prev_to)
{
    undo_t *u = malloc(sizeof *u * (size_t)(n ? n : 1));
    if (!u)
        return;
    int i = 0;
    for (; i < n; i++) {
        char buf[64]; /* holds either notation */
        if (usi)
            usi_format(moves[i], buf);
        else
            notation_kif_move(p, moves[i], i ? mv_to(moves[i - 1]) : prev_to, buf, sizeof buf);
        fprintf(out, "%s%s", i ? " " : "", buf);
        pos_do(p, moves[i], &u[i]);
    }
    while (i > 0) {
        i--;
        pos_undo(p, moves[i], &u[i]);
    }
    free(u);
}

/* The stated line's comparison, one line of the text report. */
static void print_stated(FILE *out, bool usi, pos_t *root, const solve_result_t *r, const stated_cmp_t *c)
{
    fputs("  stated   ", out);
    if (c->kind == STATED_SAME) {
        fputs("the same line\n", out);
        return;
    }
    if (c->kind == STATED_ENDS) {
        fprintf(out, "stops after ply %d; the line goes on to ply %d\n", c->ply - 1, r->plies);
        return;
    }
    if (c->kind == STATED_ILLEGAL) {
        fprintf(out, "move %d: ", c->ply);
        put_safe(out, c->why);
        putc('\n', out);
        return;
    }
    if (c->kind == STATED_GOES_ON) {
        fprintf(out, "goes on after the mate, %d more %s from ply %d: ", c->plies - r->plies,
                cli_plies(c->plies - r->plies), c->ply);
        put_safe(out, c->past);
        fputs(c->plies - r->plies > 1 ? " ...\n" : "\n", out);
        return;
    }
    /* The move in the notation asked for, from its own position (the lines agree up to it). */
    int k = c->ply - 1;
    undo_t *u = malloc(sizeof *u * (size_t)(k ? k : 1));
    if (!u)
        return;
    for (int i = 0; i < k; i++)
        pos_do(root, r->pv[i], &u[i]);
    fprintf(out, "departs at ply %d: ", c->ply);
    put_moves(out, usi, root, &c->move, 1, k ? mv_to(r->pv[k - 1]) : SQ_NONE);
    for (int i = k - 1; i >= 0; i--)
        pos_undo(root, r->pv[i], &u[i]);
    free(u);
    if (c->kind == STATED_LISTED)
        fprintf(out, ", a finding there (%s %s)", verify_kind_name(c->finding), verify_kind_label(c->finding));
    else if (c->kind == STATED_NO_MATE)
        fputs(", a move that does not force mate (no finding there)", out);
    else if (c->kind == STATED_NO_MATE_NOW)
        fputs(", a move that does not mate at once, where the line's last move does", out);
    else if (c->kind == STATED_SHORTER)
        fprintf(out, ", a reply mated sooner: in %s%d %s, where the line's lasts %d",
                c->mated_shortest ? "" : "at most ", c->mated_in, cli_plies(c->mated_in), r->plies - c->ply);
    else if (c->kind == STATED_AS_LONG)
        fputs(", a reply as long as the line's and no finding (it runs back into the line, leaves more"
              " pieces, or does not count)", out);
    else if (c->kind == STATED_UNDECIDED)
        fputs(", no finding, and a limit left undecided what it is", out);
    if (c->bad_ply) {
        fprintf(out, "; its move %d: ", c->bad_ply);
        put_safe(out, c->why);
    }
    putc('\n', out);
}

void vreport_text(FILE *out, bool usi, const problem_t *pb, const char *sfen, pos_t *root, const verify_result_t *v,
                  const stated_cmp_t *cmp, long long ms, long long solve_ms, bool cut)
{
    problem_text_head(out, pb, sfen);
    const solve_result_t *r = &v->solve;
    fprintf(out, "  verdict  %s", verdict_name(v->verdict));
    if (r->status == SOLVE_MATE) {
        if (r->shortest)
            fprintf(out, "  (mate in %d %s%s", r->plies, cli_plies(r->plies), r->exact ? "" : ", line not certified");
        else
            fprintf(out, "  (mate within %d plies proven, line of %d not certified", r->within, r->plies);
        if (v->stated)
            fprintf(out, ", stated %d%s", v->stated, v->stated % 2 ? "" : ", an even length: a mate's is odd");
        fputc(')', out);
    } else if (r->status == SOLVE_ERROR) {
        fputs(": ", out);
        put_safe(out, r->error);
    } else if (r->status == SOLVE_UNKNOWN) {
        fputs(cut ? "  (interrupted: the search was stopped)" : "  (a limit stopped the search)", out);
    }
    putc('\n', out);
    if (cut && r->status == SOLVE_MATE) /* the notes below say "a limit" of any stop */
        fputs("  note     interrupted: the verification was stopped before it ended, as a limit\n"
              "           would stop it\n",
              out);
    if (v->flaws_open)
        fprintf(out, "  note     the flaws from ply %d on make it cooked only if the line up to them is the\n"
                     "           composition's; a limit left that open\n",
                v->flaws_open);
    if (v->unwalked > 0) /* no finding speaks for these plies: say so, whatever the verdict */
        fprintf(out, "  note     a limit stopped the verification before it asked about the alternatives of\n"
                     "           %s %d: findings there are missing\n",
                v->unwalked == 1 ? "ply" : "plies 1 to", v->unwalked);
    if (r->status == SOLVE_MATE && root) {
        fputs("  line     ", out);
        put_moves(out, usi, root, r->pv, r->plies, SQ_NONE);
        putc('\n', out);
        /* Findings, with the position of their ply reached by replaying the line. */
        undo_t *u = malloc(sizeof *u * (size_t)(r->plies + 1));
        int at = 0;
        for (int i = 0; u && i < v->nfindings; i++) {
            const verify_finding_t *f = &v->findings[i];
            int want = f->ply > 0 ? f->ply - 1 - f->lead : 0;
            if (f->kind == FIND_LEFTOVER)
                want = 0;
            while (at < want)
                pos_do(root, r->pv[at], &u[at]), at++;
            while (at > want)
                at--, pos_undo(root, r->pv[at], &u[at]);
            fprintf(out, "  ply %-4d %s %s", f->ply, verify_kind_name(f->kind), verify_kind_label(f->kind));
            if (f->kind == FIND_LEFTOVER) {
                fprintf(out, ": %d piece%s left in hand at the mate%s\n", r->leftover, r->leftover == 1 ? "" : "s",
                        r->leftover_sure ? ""
                                         : " (not certain: the look among lines as long was cut short; no verdict "
                                           "on it alone)");
                continue;
            }
            if (f->kind == FIND_UNKNOWN)
                fputs(" (a limit left it undecided)", out);
            else
                fprintf(out, ", %d %s", f->plies, cli_plies(f->plies));
            if (f->lead) {
                /* the other branch of the choice, to the cook's position */
                fprintf(out, ", on the branch from ply %d (", f->ply - f->lead);
                put_moves(out, usi, root, f->moves, f->lead, at ? mv_to(r->pv[at - 1]) : SQ_NONE);
                fputc(')', out);
            }
            fputs(": ", out);
            undo_t *lu = malloc(sizeof *lu * (size_t)(f->lead ? f->lead : 1));
            for (int k = 0; lu && k < f->lead; k++)
                pos_do(root, f->moves[k], &lu[k]);
            square_t prev = f->lead ? mv_to(f->moves[f->lead - 1]) : at ? mv_to(r->pv[at - 1]) : SQ_NONE;
            if (lu)
                put_moves(out, usi, root, f->moves + f->lead, f->kind == FIND_UNKNOWN ? 1 : f->plies, prev);
            for (int k = f->lead; lu && k > 0; k--)
                pos_undo(root, f->moves[k - 1], &lu[k - 1]);
            free(lu);
            putc('\n', out);
        }
        while (u && at > 0)
            at--, pos_undo(root, r->pv[at], &u[at]);
        free(u);
        if (cmp)
            print_stated(out, usi, root, r, cmp);
    }
    root_note(out, r);
    if (r->status != SOLVE_ERROR)
        fprintf(out, "  search   %llu nodes, %lld ms (solve %llu nodes, %lld ms), defender hand %s\n",
                (unsigned long long)r->nodes, ms, (unsigned long long)v->solve_nodes, solve_ms,
                defender_hand_name(false, r)); /* cmd_verify.c marks a filled hand */
}

void vreport_json(FILE *out, const problem_t *pb, const char *sfen, const verify_result_t *v,
                  const stated_cmp_t *cmp, long long ms, long long solve_ms, bool cut, const char *kif_error)
{
    const solve_result_t *r = &v->solve;
    json_obj_t j;
    problem_json_begin(&j, out, pb, sfen);
    json_str(&j, "verdict", verdict_name(v->verdict));
    if (v->stated)
        json_int(&j, "stated", v->stated);
    if (r->status == SOLVE_MATE) {
        json_int(&j, "plies", r->plies);
        json_bool(&j, "exact", r->exact);
        json_int(&j, "within", r->within);
        json_moves(&j, "pv", r->pv, r->plies);
        json_int(&j, "leftover", r->leftover);
        json_bool(&j, "leftover_sure", r->leftover_sure);
        if (v->flaws_open)
            json_int(&j, "flaws_open", v->flaws_open);
        if (v->unwalked > 0)
            json_int(&j, "unwalked", v->unwalked);
        json_array_begin(&j, "findings");
        for (int i = 0; i < v->nfindings; i++) {
            const verify_finding_t *f = &v->findings[i];
            json_obj_t item;
            json_array_obj(&j, &item);
            json_int(&item, "ply", f->ply);
            json_str(&item, "kind", verify_kind_name(f->kind));
            json_str(&item, "label", verify_kind_label(f->kind));
            json_int(&item, "plies", f->kind == FIND_UNKNOWN ? 0 : f->plies);
            json_moves(&item, "moves", f->moves ? f->moves + f->lead : NULL,
                       f->moves ? (f->kind == FIND_UNKNOWN ? 1 : f->plies) : 0);
            if (f->lead) {
                json_int(&item, "branch_ply", f->ply - f->lead);
                json_moves(&item, "branch", f->moves, f->lead);
            }
            json_item_end(&item);
        }
        json_array_end(&j);
        if (cmp) {
            json_str(&j, "stated_line", stated_kind_name(cmp->kind));
            if (cmp->kind != STATED_SAME)
                json_int(&j, "stated_ply", cmp->ply);
            if (cmp->move != MOVE_NONE) {
                json_moves(&j, "stated_move", &cmp->move, 1);
            } else if (cmp->kind == STATED_GOES_ON) { /* as written: no move is legal past a mate */
                json_array_begin(&j, "stated_move");
                json_array_str(&j, cmp->past);
                json_array_end(&j);
            }
            if (cmp->kind == STATED_LISTED)
                json_str(&j, "stated_finding", verify_kind_name(cmp->finding));
            if (cmp->kind == STATED_SHORTER)
                json_int(&j, cmp->mated_shortest ? "stated_mated_in" : "stated_mated_within", cmp->mated_in);
            if (cmp->bad_ply) {
                json_int(&j, "stated_error_ply", cmp->bad_ply);
                json_str(&j, "stated_error", cmp->why);
            }
        }
    }
    if (cut)
        json_bool(&j, "interrupted", true);
    json_uint(&j, "nodes", r->nodes);
    json_int(&j, "time_ms", ms);
    json_uint(&j, "solve_nodes", v->solve_nodes);
    json_int(&j, "solve_time_ms", solve_ms);
    if (r->status != SOLVE_ERROR)
        json_str(&j, "defender_hand", defender_hand_name(false, r));
    root_json(&j, r);
    if (r->status == SOLVE_ERROR || v->verdict == VERDICT_ERROR)
        json_str(&j, "error", r->error);
    if (*kif_error)
        json_str(&j, "kif_error", kif_error);
    json_end(&j);
}
