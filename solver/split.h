/*
 * split.h: a costly question shared out among threads.
 *
 * "Mate within len?" at an attacker node is decided by its checks: one proven decides
 * yes, all refuted decide no.  The disproof that certifies a length (its every check
 * refuted within len - 1) is most of a hard solve, and its checks' refutations are
 * searches of their own, so helper threads, each with a table of its own, take checks
 * from a common list while the solve's thread takes them too.  The shortening's
 * questions and a bounded question (tsume check) are split so, not the proof of a mate
 * without a bound (solver.c).  Each thread's table and caches come out of the memory
 * the user gave (solver.c divides it), so the whole stays within --hash.  Separate
 * tables do not share what the checks' trees have in common: the split gains where the
 * refutations are apart (tools/BENCH-LOG.md).  With one thread (the default, and the
 * bench) nothing here runs and node counts are repeatable; with more, which thread
 * meets which check varies, and so do the counts, never the answers.
 */
#ifndef TSUME_SPLIT_H
#define TSUME_SPLIT_H

#include "dfpn.h"

typedef struct split split_t;

/* helpers threads, each with bytes of memory (table and caches); NULL if out of memory. */
split_t *split_new(int helpers, size_t bytes);
void split_free(split_t *sp);

/* The question, on sh->split's threads: asked first on sh alone, for sh->split_probe
 * nodes of its budget (most are cheap proofs, found best by one df-pn over all the
 * checks); still open, it is split.  The answer means what search_budgeted's does
 * (shortest.h); a proof is always one in sh's table, where the line is looked for. */
dfpn_result_t split_ask(dfpn_shared_t *sh, pos_t *p, color_t attacker, dfpn_mode_t mode, int len, uint64_t budget);

/* The probe's default: most questions of the descent are proofs of a few thousand nodes (841 of
 * them took 27.9 M on the bench), its certifying disproofs 0.4 M on average. */
enum { SPLIT_PROBE = 100000 };

#endif
