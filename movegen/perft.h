/*
 * perft.h: counts the leaves of the legal move tree, the standard exactness test of a
 * move generator.  The last ply is counted without being played (bulk counting).
 */
#ifndef TSUME_PERFT_H
#define TSUME_PERFT_H

#include "position.h"

uint64_t mg_perft(pos_t *p, int depth);

#endif
