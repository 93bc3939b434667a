/*
 * interrupt.c: the batch's stop on SIGINT and SIGTERM (interrupt.h).
 *
 * The handler only stores to a lock-free int, which the searches read with relaxed
 * atomic loads (solver_flag_up); sig_atomic_t is that int here.
 */
#include "interrupt.h"

#include <signal.h>
#include <string.h>

#include "../solver/solver.h"

_Static_assert(sizeof(sig_atomic_t) == sizeof(int), "the stop flag is read as an int");

static volatile int flag;
static volatile sig_atomic_t signalled;

static void on_signal(int sig)
{
    (void)sig;
    signalled = 1;
    solver_flag_raise(&flag);
}

void cli_stop_searches(void) { solver_flag_raise(&flag); }

volatile int *cli_interrupt_flag(void) { return &flag; }

void cli_interrupt_catch(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND | SA_RESTART; /* a second signal: the default, death */
    sigemptyset(&sa.sa_mask);
    /* A SIGINT ignored stays so: a job a shell put in the background, or under nohup,
     * is not the terminal's to stop. */
    struct sigaction old;
    if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

bool cli_interrupted(void) { return signalled != 0; }
