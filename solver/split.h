/*
 * split.h: a costly question shared out among threads.
 *
 * "Mate within len?" at an attacker node is decided by its checks: one proven decides
 * yes, all refuted decide no.  The disproof that certifies a length (its every check
 * refuted within len - 1) is most of a hard solve, and its checks' refutations are
 * searches of their own, so helper threads take checks from a common list while the
 * solve's thread takes them too, all on the solve's one table (tt_share: what the
 * checks' trees have in common is searched once).  The shortening's questions and a
 * bounded question (tsume check) are split so.  The proof of a mate without a bound is
 * raced instead (split_race): each thread searches the whole root with an epsilon of
 * its own, the one table carrying what each finds to the others, since split by checks
 * each thread would search its check to the end.  Each helper's caches come out of the memory the user gave (solver.c), so
 * the whole stays within --hash.  With one thread (the default, and the bench) nothing
 * here runs and node counts are repeatable; with more, which thread meets which check
 * varies, and so do the counts, never the answers.
 */
#ifndef TSUME_SPLIT_H
#define TSUME_SPLIT_H

#include "dfpn.h"

typedef struct split split_t;

/* helpers threads, each with caches sized for bytes of memory (dfpn_caches_size); NULL if
 * out of memory. */
split_t *split_new(int helpers, size_t bytes);
void split_free(split_t *sp);

/* The question, on sh->split's threads: asked first on sh alone, for sh->split_probe
 * nodes of its budget (most are cheap proofs, found best by one df-pn over all the
 * checks); still open, it is split.  The answer means what search_budgeted's does
 * (shortest.h); a proof is always one in sh's table, where the line is looked for. */
dfpn_result_t split_ask(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget);

/* The proof without a bound, on sh->split's threads: asked first on sh alone for
 * sh->split_probe nodes; still open, every thread searches the root itself on the one
 * table, the helpers with epsilon RACE_EPS8 eighths (the solve's thread 2) so that they
 * part ways, and the first answer stops them all.  The answer is always one in sh's
 * table.  3/4 is the epsilon that proved the bench's no-mates in a quarter fewer nodes
 * and lost some mates (tools/BENCH-LOG.md, eighth session of 2026-11-28): a race keeps
 * the better of the two. */
dfpn_result_t split_race(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len);
enum { RACE_EPS8 = 6 };

/* The probe's default: most questions of the descent are proofs of a few thousand nodes (841 of
 * them took 27.9 M on the bench), its certifying disproofs 0.4 M on average. */
enum { SPLIT_PROBE = 100000 };

#endif
