/*
 * mate1.h: mate in one for the side to move, used at new leaves of the solver.
 */
#ifndef TSUME_MATE1_H
#define TSUME_MATE1_H

#include "position.h"

/* A move that mates at once, or MOVE_NONE.  p is restored before returning. */
move_t mg_mate1(pos_t *p);

#endif
