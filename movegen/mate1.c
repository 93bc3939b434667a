/*
 * mate1.c: mate in one by trying each check and asking whether any evasion remains.
 * mg_has_evasion stops at the first reply, king moves first, which is what refutes
 * most checks, so a failed check costs little.
 */
#include "mate1.h"

#include "movegen.h"

move_t mg_mate1(pos_t *p)
{
    move_t list[MG_MAX_MOVES];
    int n = mg_checks(p, list);
    for (int i = 0; i < n; i++) {
        undo_t u;
        pos_do(p, list[i], &u);
        bool mate = !mg_has_evasion(p);
        pos_undo(p, list[i], &u);
        if (mate)
            return list[i];
    }
    return MOVE_NONE;
}
