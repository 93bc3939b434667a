/*
 * classic_kif.h: the board of the classic mate in three (3sks3/9/4S4/9/9/B8/9/9/9, the
 * bishop's 9f5b+ 4a5b S*4b) as a KIF/BOD diagram draws it, from the column labels to
 * the bottom frame: shared by the tests of the KIF reader and of KIF problem files.
 */
#ifndef TSUME_TESTS_CLASSIC_KIF_H
#define TSUME_TESTS_CLASSIC_KIF_H

#define CLASSIC_KIF_BOARD                                                                                        \
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"                                                                              \
    "+---------------------------+\n"                                                                            \
    "| ・ ・ ・v銀v玉v銀 ・ ・ ・|一\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"                                                                           \
    "| ・ ・ ・ ・ 銀 ・ ・ ・ ・|三\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"                                                                           \
    "| 角 ・ ・ ・ ・ ・ ・ ・ ・|六\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"                                                                           \
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"                                                                           \
    "+---------------------------+\n"

#endif
