/*
 * verify_report.h: `tsume verify`'s report on one problem (verify_report.c), written
 * by the command's jobs in input order (cmd_verify.c).
 */
#ifndef TSUME_VERIFY_REPORT_H
#define TSUME_VERIFY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../solver/solver.h"
#include "problems.h"
#include "stated.h"

/* The text block.  usi: moves in USI, else in KIF notation; root: the problem's position
 * (NULL when it did not parse; restored on return); cmp: the stated line's comparison,
 * or NULL; ms, solve_ms: the whole run's and the solve's wall time; cut: a signal
 * stopped the batch before the problem's work ended (interrupt.h), so what a limit is
 * said to have left open, the stop left. */
void vreport_text(FILE *out, bool usi, const problem_t *pb, const char *sfen, pos_t *root, const verify_result_t *v,
                  const stated_cmp_t *cmp, long long ms, long long solve_ms, bool cut);
/* One JSON object on one line, the same in keys; kif_error: why the problem's --kif
 * record could not be written ("" when it was, or none was asked for). */
void vreport_json(FILE *out, const problem_t *pb, const char *sfen, const verify_result_t *v,
                  const stated_cmp_t *cmp, long long ms, long long solve_ms, bool cut, const char *kif_error);

#endif
