#!/usr/bin/env node
// kif-tree.mjs: reads a KIF record on stdin with tsshogi's importKIF (the reader of the
// ShogiHome GUI) and prints its tree as that GUI sees it: the initial SFEN, then every
// line from the start to a leaf, one a line, as USI moves ("line MOVES"), then every
// comment with the USI path to its move ("comment PLY MOVES: TEXT"; the initial
// position's at ply 0).  A record tsshogi cannot read is "error: REASON", exit 1.
// tsume's tests compare this with the findings of `tsume verify --format json`.
import fs from 'node:fs';
import { importPkg } from './modules.mjs';

const TS = await importPkg('tsshogi');

const text = fs.readFileSync(0, 'utf8');
// tsshogi reads any text, empty included, as the start position: a record has a board
// (rows between '|'), a 手合割 line or a numbered move
if (!/^\|.*\|/m.test(text) && !/^手合割/m.test(text) && !/^\s*\d+\s+\S/m.test(text)) {
    console.log('error: no KIF diagram, 手合割 or move in the input');
    process.exit(1);
}
const record = TS.importKIF(text);
if (record instanceof Error) {
    console.log(`error: ${record.message}`);
    process.exit(1);
}
console.log(`sfen ${record.initialPosition.sfen}`);

const usiOf = (node) => (node.move instanceof TS.Move ? node.move.usi : null);
const lines = [];
const comments = [];
// Depth first over the tree: node.next continues a line, node.branch is the next
// alternative at the same ply.  An explicit stack: lines are long, nesting is shallow.
const stack = [[record.first, []]];
while (stack.length) {
    const [node, path] = stack.pop();
    const usi = usiOf(node);
    const here = usi ? [...path, usi] : path;
    if (node.comment) comments.push(`comment ${here.length} ${here.join(' ')}: ${node.comment.trim()}`);
    if (node.branch) stack.push([node.branch, path]);
    if (node.next) stack.push([node.next, here]);
    else lines.push(`line ${here.join(' ')}`);
}
for (const l of lines.sort()) console.log(l);
for (const c of comments.sort()) console.log(c);
