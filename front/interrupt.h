/*
 * interrupt.h: Ctrl-C (SIGINT) or SIGTERM during a batch of solve, verify or check.
 *
 * The first signal raises the flag every search of the batch takes as its stop
 * (solve_opts_t.stop): the problems under way end as a limit would end them (unknown,
 * or a proven mate with its line not certified), those not started end at their first
 * node the same way (a mate in one may still be seen there), every report and the
 * summary are written, and the command exits 130.
 * Before, the process died with the finished reports still held back for list order
 * (or in stdio's buffer).  A second signal ends the process at once (the handler is
 * one-shot), so a stuck run can always be killed.  The handler is set when the batch
 * starts: while the input is still being read, a signal has its default effect.
 * Output that cannot be written (a full disk, a closed pipe with SIGPIPE ignored)
 * raises the same flag (cli_stop_searches): the reports that follow would be lost too,
 * and the batch ran on to its end before.
 */
#ifndef TSUME_INTERRUPT_H
#define TSUME_INTERRUPT_H

#include <stdbool.h>

/* The flag the searches read as their stop: never NULL. */
volatile int *cli_interrupt_flag(void);
/* Catches the next SIGINT or SIGTERM (raising the flag). */
void cli_interrupt_catch(void);
/* Whether a signal came. */
bool cli_interrupted(void);
/* Stops the searches as a signal would, without being one (cli_interrupted stays false). */
void cli_stop_searches(void);

#endif
