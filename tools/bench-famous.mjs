#!/usr/bin/env node
// bench-famous.mjs: tsume on the long problems of ../shared/problems/famous_long.sfen, one
// at a time under a wall-time limit, as a table: what each answer is and what it cost.
//
//   node tools/bench-famous.mjs [--seconds S] [--hash MB]
//
// Every row but the first (Microcosmos, `make bench-long`'s) is solved by `tsume solve
// --jobs 1 --hash MB --time-limit S --in-check defend --format json` (S default 60, MB
// default 2048; --in-check defend: three rows are positions within a solution with the
// defender to move, in check).  Its diagrams are copyrighted: they are read from
// ../shared, never copied into the project.  Times depend on the machine and its load,
// and what a limit cuts short moves with them: the figures are a benchmark, not a test.
// A row whose stated length (second column) differs from a length proven shortest is marked
// DIFFERS; a stated mate answered nomate is marked so too.  Every mate's line is replayed
// with shogiops (tools/oracle/replay.mjs, an independent rules library): a line that does
// not mate (ending, under tsume's default rule, on futile interpositions only is a mate) is
// marked LINE BAD with the reason, counted, and makes the exit 1.  The row numbers are
// the file's lines without its comments, Microcosmos being row 1.  TSUME (default
// ./tsume) and TSUME_SHARED (default ../shared) may be set in the environment.  Exit 0,
// 1 when a line is bad, or 2 when the tool itself fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs, readRows } from './oracle/args.mjs';
import { replayAnswer } from './oracle/replay.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage = 'usage: node tools/bench-famous.mjs [--seconds S] [--hash MB]';
const fatal = (msg) => {
    console.error(`bench-famous: ${msg}`);
    process.exit(2);
};
const { seconds, hash } = parseArgs(process.argv.slice(2), { '--seconds': ['seconds', 'number', 1],
                                                            '--hash': ['hash', 'number', 1] },
                                    { seconds: 60, hash: 2048 }, usage, fatal);
const tsume = path.resolve(process.env.TSUME || path.join(ROOT, 'tsume'));
const shared = path.resolve(process.env.TSUME_SHARED || path.join(ROOT, '..', 'shared'));

// Rows: {sfen, stated length or null, name}; the first, Microcosmos, left out.
const rows = readRows(path.join(shared, 'problems', 'famous_long.sfen'), fatal).slice(1).map(({ cols }) => {
    const name = (cols[3] || '').replace(/^#\s*/, '').split(' — ')[0].trim();
    return { sfen: cols[0], stated: /^[0-9]+$/.test(cols[1] || '') ? Number(cols[1]) : null, name };
});

const args = ['solve', '--jobs', '1', '--hash', String(hash), '--time-limit', String(seconds), '--in-check', 'defend',
              '--format', 'json', '-f', '-'];
const child = spawn(tsume, args, { stdio: ['pipe', 'pipe', 'inherit'] });
child.on('error', (e) => {
    fatal(`cannot run ${tsume}: ${e.message}`);
});
// A tsume that exits unread (a wrong TSUME) is reported by the count at close, not by EPIPE.
child.stdin.on('error', () => {});
child.stdin.end(rows.map((r) => r.sfen).join('\n') + '\n');

console.log(`famous_long.sfen: ${rows.length} problems (Microcosmos left to make bench-long), ` +
            `--time-limit ${seconds} --hash ${hash}, one thread`);
console.log('row\tstated\tanswer\tshortest\tnodes\ttime_ms\tname');
const tally = { mate: 0, certified: 0, nomate: 0, unknown: 0, error: 0, differs: 0, replayed: 0, bad: 0 };
let nodes = 0, ms = 0, seen = 0;
const lines = readline.createInterface({ input: child.stdout });
lines.on('line', (line) => {
    let d;
    try {
        d = JSON.parse(line);
    } catch {
        fatal(`not JSON from tsume: ${line}`);
    }
    const r = rows[d.id - 1];
    if (!r) {
        fatal(`tsume answered row ${d.id} of ${rows.length}`);
    }
    seen++;
    tally[d.status] = (tally[d.status] || 0) + 1;
    nodes += d.nodes || 0;
    ms += d.time_ms || 0;
    const certified = d.status === 'mate' && d.shortest === true; // the length, not always the line
    if (certified)
        tally.certified++;
    let answer = d.status === 'mate' ? `mate ${d.plies}` : d.status;
    if (d.status === 'mate' && !certified)
        answer += ` (within ${d.within})`;
    if (d.status === 'error')
        answer += `: ${d.error}`;
    if (d.status === 'mate') {
        const why = replayAnswer(d, { inCheckDefends: true, rule: 'delay' });
        tally.replayed++;
        if (why) {
            tally.bad++;
            answer += ` LINE BAD: ${why}`;
        }
    }
    const differs = r.stated !== null && (d.status === 'nomate' || (certified && d.plies !== r.stated));
    if (differs)
        tally.differs++;
    console.log(`${d.id + 1}\t${r.stated ?? '-'}\t${answer}${differs ? ' DIFFERS' : ''}\t${certified ? 'yes' : '-'}\t` +
                `${d.nodes}\t${d.time_ms}\t${r.name}`);
});
child.on('close', (code) => {
    if (seen !== rows.length) {
        fatal(`tsume answered ${seen} of ${rows.length} rows (exit ${code})`);
    }
    console.log(`total: ${tally.mate} mates (${tally.certified} proven shortest), ${tally.nomate} no-mates, ` +
                `${tally.unknown} unknown, ${tally.error} errors; ${tally.differs} differ from a stated length; ` +
                `${tally.replayed - tally.bad} of ${tally.replayed} lines replay as mates; ` +
                `${nodes} nodes, ${(ms / 1000).toFixed(1)} s`);
    process.exitCode = tally.bad ? 1 : 0;
});
