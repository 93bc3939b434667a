#!/bin/sh
# bench.sh: single-thread speed figures for README.  Perft: start position depth 6 and
# the matsuri position depth 4 (leaves counted in bulk at the last ply).
set -eu
MATSURI='l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1'
echo "perft startpos depth 6:  $(./tsume perft 6)"
echo "perft matsuri depth 4:   $(./tsume perft 4 "$MATSURI")"
