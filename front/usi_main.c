/*
 * usi_main.c: the tsume-usi program, `tsume usi` under a name of its own for GUIs that
 * register an engine by a bare program path (ShogiHome, Shogidokoro).  Linked with
 * cmd_usi.c and usi_search.c only, not with main.c (see the Makefile).
 */
#include "cli.h"

int main(int argc, char **argv)
{
    return cmd_usi(argc - 1, argv + 1);
}
