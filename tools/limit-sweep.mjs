#!/usr/bin/env node
// limit-sweep.mjs: tsume under limits drawn at random, each answer held against the bench's.
// A search stopped by a limit must say "unknown" or "not certified", never something false;
// the stops fall at other places for other limits, so a wrong store on an abort path (a
// result kept as certain that rests on a search cut short) shows as a wrong answer here.
//
//   node tools/limit-sweep.mjs [--seed S] [--runs N] [--kind solve|check|both|verify]
//                              [--problems FILE --ref JSONL]
//
// The reference is `make bench`'s output, build/bench-zuko.jsonl and build/bench-muso.jsonl
// (one thread, 50 M nodes a problem), for problems/zuko.sfen and muso.sfen, or JSONL, the
// output of `tsume solve --format json -f FILE`: its no-mates, and its certified lengths
// (shortest).  For --kind verify it is `make bench-verify`'s, build/verify-zuko.jsonl and
// build/verify-muso.jsonl (20 M nodes a problem), or `tsume verify --format json -f FILE`'s:
// its verdicts other than unknown, each with a certified length or a no-mate.  Each run
// takes one of those problems, and
//   solve: --nodes 20 k..6 M (its shortening 1 k..that), or in two runs of five
//          --time-limit 0.05..6 s instead; a no-mate for a mate or the reverse, a certified
//          length other than the bench's certified one, a "within" bound below it, or a
//          line of even length is wrong;
//   check: --plies N around the length (or 11..41 for a no-mate), --nodes 5 k..4 M, plain,
//          --first or --exact; a yes below the length, a no at or past it, an exact yes
//          elsewhere or an exact no at it is wrong;
//   verify: --nodes 50 k..6 M, or in one run of five --time-limit 0.1..6 s, with the
//          reference's stated length; a verdict other than the reference's or unknown
//          (a short one may come out cooked: its length uncertified), a certified length
//          other than the reference's or a "within" bound below it is wrong.
// Both with --hash 16 to 128 (a small table replaces and collects more), --delay-nodes
// 300..1 M, and --threads 2 in one run of three (the table shared and the proof raced:
// split.c).  Prints each wrong answer with its command,
// then "N passed, N failed"; exit 1 when any failed.  TSUME (default ./tsume) may be set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
};
let seed = Number(opt('--seed', 1)) >>> 0 || 1;
const runs = Number(opt('--runs', 100));
const kind = opt('--kind', 'both');
const tsume = path.resolve(process.env.TSUME || path.join(ROOT, 'tsume'));
const problemsFile = opt('--problems', null), refFile = opt('--ref', null);
const known = new Set(['--seed', '--runs', '--kind', '--problems', '--ref']);
const unknownOpt = args.find((a, i) => i % 2 === 0 && !known.has(a));
const usage = 'usage: node tools/limit-sweep.mjs [--seed S] [--runs N] [--kind solve|check|both|verify] ' +
              '[--problems FILE --ref JSONL]';
if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    process.exit(0);
}
if (unknownOpt || args.length % 2 || !['solve', 'check', 'both', 'verify'].includes(kind) ||
    !Number.isInteger(runs) || runs < 1 || !/^[0-9]+$/.test(String(opt('--seed', 1))) || !problemsFile !== !refFile) {
    console.error(unknownOpt ? `limit-sweep: unknown option ${unknownOpt}\n${usage}` : usage);
    process.exit(2);
}
try {
    fs.accessSync(tsume, fs.constants.X_OK); // a missing binary is no run that failed
} catch (e) {
    console.error(`limit-sweep: cannot run ${tsume}: ${e.message}`);
    process.exit(2);
}

// xorshift32: the same seed draws the same runs.
const rand = () => {
    seed ^= seed << 13, seed >>>= 0;
    seed ^= seed >>> 17;
    seed ^= seed << 5, seed >>>= 0;
    return seed / 4294967296;
};
const pick = (a) => a[Math.floor(rand() * a.length)];
const logUniform = (lo, hi) => Math.floor(Math.exp(Math.log(lo) + rand() * (Math.log(hi) - Math.log(lo))));

// The problems with a reference answer: a no-mate, or a mate whose length the bench certified;
// for verify, a decided verdict too.
const problems = [];
const verifying = kind === 'verify';
const pairs = problemsFile ? [[problemsFile, refFile]]
    : ['zuko', 'muso'].map((set) => [path.join(ROOT, 'problems', `${set}.sfen`),
        path.join(ROOT, 'build', `${verifying ? 'verify' : 'bench'}-${set}.jsonl`)]);
for (const [file, ref] of pairs) {
    for (const f of [file, ref]) {
        if (!fs.existsSync(f)) {
            console.error(`limit-sweep: ${f} missing` + (problemsFile ? ''
                : verifying ? ": run 'make bench-verify' first" : ": run 'make bench' (or tools/bench.sh solve) first"));
            process.exit(2);
        }
    }
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    for (const [i, text] of fs.readFileSync(ref, 'utf8').split('\n').entries()) {
        if (!text.trim()) continue;
        let r;
        try {
            r = JSON.parse(text);
            if (!Number.isInteger(r.id)) throw new Error('no integer "id"');
        } catch (e) {
            console.error(`limit-sweep: ${ref}:${i + 1}: not a JSON answer of tsume (${e.message})`);
            process.exit(2);
        }
        const sfen = (lines[r.id - 1] || '').split('\t')[0].trim();
        const name = `${path.basename(file)}:${r.id}`;
        if (verifying) {
            if (r.verdict === 'nomate') problems.push({ name, sfen, len: Infinity, verdict: r.verdict, stated: r.stated });
            else if (['sound', 'cooked', 'short'].includes(r.verdict) && r.exact)
                problems.push({ name, sfen, len: r.plies, verdict: r.verdict, stated: r.stated });
        } else if (r.status === 'nomate') problems.push({ name, sfen, len: Infinity });
        else if (r.status === 'mate' && r.shortest) problems.push({ name, sfen, len: r.plies });
    }
}
if (!problems.length) {
    console.error('limit-sweep: no problem with a reference answer (a no-mate or a certified length)');
    process.exit(2);
}

function run(argv) {
    const p = spawnSync(tsume, argv, { encoding: 'utf8', maxBuffer: 1 << 26 });
    const last = (p.stdout || '').trim().split('\n').pop();
    try {
        return JSON.parse(last);
    } catch {
        return { status: 'error', error: `no JSON (exit ${p.status}): ${(p.stderr || '').trim().slice(0, 200)}` };
    }
}

function solveRun(pr, common) {
    const argv = ['solve', ...common];
    if (rand() < 0.4) {
        argv.push('--time-limit', (0.05 * Math.exp(rand() * Math.log(120))).toFixed(3));
    } else {
        const nodes = logUniform(20000, 6000000);
        argv.push('--nodes', String(nodes), '--shorten-nodes', String(logUniform(1000, Math.max(2000, nodes))));
    }
    argv.push(pr.sfen);
    const d = run(argv);
    const T = pr.len;
    let bad = null;
    if (d.status === 'error') bad = `error: ${d.error}`;
    else if (d.status === 'nomate' && T !== Infinity) bad = `no mate, the bench's mate in ${T}`;
    else if (d.status === 'mate' && T === Infinity) bad = 'a mate, the bench\'s no-mate';
    else if (d.status === 'mate') {
        const within = d.within ?? d.plies;
        if (d.shortest && d.plies !== T) bad = `certified ${d.plies}, the bench's ${T}`;
        else if (within < T) bad = `within ${within}, the bench's certified ${T}`;
        else if (d.plies % 2 === 0) bad = `a line of ${d.plies} plies`;
    }
    return { argv, bad };
}

function checkRun(pr, common) {
    const T = pr.len;
    const base = T === Infinity ? pick([11, 21, 31, 41]) : T;
    const N = Math.max(1, base + pick([-6, -4, -2, -2, 0, 0, 0, 2, 4]));
    const mode = pick([[], [], ['--first'], ['--exact']]);
    const argv = ['check', '--plies', String(N), ...common, '--nodes', String(logUniform(5000, 4000000)), ...mode, pr.sfen];
    const d = run(argv);
    const a = d.answer;
    let bad = null;
    if (!['yes', 'no', 'unknown'].includes(a)) bad = `answer ${a}: ${d.error || ''}`;
    else if (mode[0] === '--exact') {
        if (a === 'yes' && N !== T) bad = `exactly ${N}: yes, the bench's ${T}`;
        if (a === 'no' && N === T) bad = `exactly ${N}: no, the bench's ${T}`;
    } else {
        if (a === 'yes' && N < T) bad = `within ${N}: yes, the bench's ${T}`;
        if (a === 'no' && N >= T) bad = `within ${N}: no, the bench's ${T}`;
    }
    return { argv, bad };
}

// What a verdict under limits may be, the reference's being the key: the same or unknown.
// A short mate whose length a limit left uncertified has a short finding only when within
// and the line are both below the stated length; else it has its cooks.
const VERDICTS = { sound: ['sound', 'unknown'], cooked: ['cooked', 'unknown'], short: ['short', 'cooked', 'unknown'],
                   nomate: ['nomate', 'unknown'] };

function verifyRun(pr, common) {
    const argv = ['verify', ...common];
    if (rand() < 0.2) argv.push('--time-limit', (0.1 * Math.exp(rand() * Math.log(60))).toFixed(3));
    else argv.push('--nodes', String(logUniform(50000, 6000000)));
    if (pr.stated) argv.push('--plies', String(pr.stated));
    argv.push(pr.sfen);
    const d = run(argv);
    const T = pr.len;
    let bad = null;
    if (!d.verdict || d.verdict === 'error') bad = `error: ${d.error}`;
    else if (!VERDICTS[pr.verdict].includes(d.verdict)) bad = `${d.verdict}, the reference's ${pr.verdict}`;
    else if (d.plies !== undefined && T === Infinity) bad = 'a mate, the reference\'s no-mate';
    else if (d.plies !== undefined) {
        const within = d.within ?? d.plies;
        if (d.exact && d.plies !== T) bad = `certified ${d.plies}, the reference's ${T}`;
        else if (within < T) bad = `within ${within}, the reference's certified ${T}`;
    }
    return { argv, bad };
}

let passed = 0, failed = 0;
const t0 = Date.now();
for (let i = 0; i < runs; i++) {
    const pr = pick(problems);
    const common = ['--format', 'json', '--jobs', '1', '--hash', String(pick([16, 32, 64, 128])),
        '--delay-nodes', String(logUniform(300, 1000000)),
        '--threads', rand() < 1 / 3 ? '2' : '1'];
    const k = kind === 'both' ? (rand() < 0.5 ? 'solve' : 'check') : kind;
    const { argv, bad } = k === 'solve' ? solveRun(pr, common) : k === 'verify' ? verifyRun(pr, common) : checkRun(pr, common);
    if (bad) {
        failed++;
        console.log(`FAIL ${pr.name}: ${bad}\n     ${tsume} ${argv.map((a) => (/\s/.test(a) ? `'${a}'` : a)).join(' ')}`);
    } else {
        passed++;
    }
    if ((i + 1) % 50 === 0)
        console.error(`limit-sweep: ${i + 1}/${runs} runs, ${failed} failed, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
