// args.mjs: the command line of the oracle tools (mate-crosscheck.mjs,
// verify-crosscheck.mjs) and of bench-famous.mjs.  Each option is --name and one of: a
// whole number of at least a minimum, a word, a word that may be given again (a list), or
// a flag.  -h/--help prints the usage and exits 0; any other word, a missing value or a
// number out of range is an error naming the option (the tool's fatal: exit status 2).
import fs from 'node:fs';

// argv: the words; spec: {'--name': [key, kind, min]} with kind 'number', 'word', 'list' or
// 'flag'; defaults: the options' values when not given (a list's array is copied).
export function parseArgs(argv, spec, defaults, usage, fatal) {
    const opts = { ...defaults };
    for (const [key, kind] of Object.values(spec)) if (kind === 'list') opts[key] = [...(defaults[key] || [])];
    for (let i = 0; i < argv.length; i++) {
        const name = argv[i];
        if (name === '-h' || name === '--help') {
            console.log(usage);
            process.exit(0);
        }
        if (!Object.hasOwn(spec, name)) fatal(`unknown option '${name}' (see --help)`);
        const [key, kind, min] = spec[name];
        if (kind === 'flag') {
            opts[key] = true;
            continue;
        }
        if (i + 1 >= argv.length) fatal(`${name} needs a value`);
        const value = argv[++i];
        if (kind === 'number') {
            const v = Number(value);
            if (!Number.isInteger(v) || v < min) fatal(`${name} needs a whole number of at least ${min}`);
            opts[key] = v;
        } else if (kind === 'list') opts[key].push(value);
        else opts[key] = value;
    }
    return opts;
}

// The rows of a text file of positions: each line that is neither blank nor a '#' comment,
// split at TABs, with its line number; a file that cannot be read is the tool's fatal error.
export function readRows(file, fatal) {
    let text;
    try {
        text = fs.readFileSync(file, 'utf8');
    } catch {
        fatal(`cannot read ${file}`);
    }
    const rows = [];
    text.split('\n').forEach((line, i) => {
        if (line.trim() && !line.startsWith('#')) rows.push({ cols: line.split('\t'), line: i + 1 });
    });
    return rows;
}
