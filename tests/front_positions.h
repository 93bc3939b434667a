/*
 * front_positions.h: positions the tests of `tsume solve` share, each chosen for an answer
 * any correct solver gives (front_solve.c, front_solve_answers.c).
 */
#ifndef TSUME_FRONT_POSITIONS_H
#define TSUME_FRONT_POSITIONS_H

/* A mate in one: G*5b. */
#define MATE1 "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
/* 3 plies, 9f5b+ 4a5b S*4b; no mate in one. */
#define MATE3 "3sks3/9/4S4/9/9/B8/9/9/9 b S2rb4g4n4l18p 1"
/* Shogi Zuko no. 1, 69 plies: no solver proves it within a handful of nodes. */
#define ZUKO1 "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1"

#endif
