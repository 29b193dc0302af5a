#!/usr/bin/env python3
"""Mutation testing of numerics/ and experiments/: plant one small bug at a time, rebuild, rerun
the tests, and record whether some test noticed (the mutant is "killed") or not ("survived").

    python3 tests/mutation/mutate.py [--count N] [--seed S] [--list] [--timeout SECONDS]
                                     [--under PATH ...] [--first LABELS]

Mutants are drawn at random, with a fixed seed, from every site where one operator applies
(arithmetic + and -, comparisons, equality, logical and/or, compound assignment, true/false,
small integer constants). The work happens in a scratch copy of the tracked sources under
build/mutation/ with its own release build, so the working tree is never touched. Each mutant:

  1. applies one edit to the scratch copy;
  2. rebuilds incrementally; a mutant that does not compile is "not viable";
  3. clears the scratch build's report, and its experiment cache when the mutant is in numerics/
     or experiments/ (the cache does not know the code; nothing above them trains a head);
  4. runs ctest on every label but `sweep` and `docs` (which must all pass on the unmutated
     copy first: each run of the script checks that baseline before its first mutant) (the sweep re-evaluates the same claims
     in other recipes, and the docs render what the claims say); with `--first LABELS`, the
     tests of those labels (a ctest -L regex) run before the rest, and a failure among them
     kills the mutant without running the others: the verdict is the same, since a survivor
     still passes every test, but a mutant the nearest tests kill costs only their run;
  5. restores the file.

A sitting is fixed to one commit: the scratch copy holds that commit's tracked files and the
sites are drawn from them, so resuming draws the same mutants even after the working tree has
moved on. Results go to tests/mutation/results.tsv, whose first line names the sitting's commit
and seed, one line per mutant; a mutant already listed there is skipped, so a run can be
interrupted (Ctrl-C or SIGTERM restores the mutated file; a hard kill leaves it for the next
sitting's start, which rewrites every scratch file that differs from the commit) and resumed, and 100 mutants spread over
sittings. `--new-sitting` starts over at HEAD. ctest stops at the first failing test, since one
failure is enough to kill a mutant.
Survivors that no test can kill (equivalent mutants) are explained in survivors.md beside this
script.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRATCH = os.path.join(ROOT, "build", "mutation")
SOURCE = os.path.join(SCRATCH, "src")
BUILD = os.path.join(SOURCE, "build", "release")
RESULTS = os.path.join(ROOT, "tests", "mutation", "results.tsv")
CTEST = ["ctest", "--preset", "release", "-LE", "sweep|docs", "--stop-on-failure"]

# (name, pattern, replacement): each applies at one match of the pattern on one line.
OPERATORS = [
    ("plus-to-minus", r"(?<=[\w\)\]]) \+ (?=[\w\(])", " - "),
    ("minus-to-plus", r"(?<=[\w\)\]]) - (?=[\w\(])", " + "),
    ("times-to-divide", r"(?<=[\w\)\]]) \* (?=[\w\(])", " / "),
    ("lt-to-le", r" < (?![<=])", " <= "),
    ("le-to-lt", r" <= ", " < "),
    ("gt-to-ge", r" > (?![>=])", " >= "),
    ("ge-to-gt", r" >= ", " > "),
    ("eq-to-ne", r" == ", " != "),
    ("ne-to-eq", r" != ", " == "),
    ("and-to-or", r" && ", " || "),
    ("or-to-and", r" \|\| ", " && "),
    ("add-assign-to-sub", r" \+= ", " -= "),
    ("sub-assign-to-add", r" -= ", " += "),
    ("true-to-false", r"\btrue\b", "false"),
    ("false-to-true", r"\bfalse\b", "true"),
    ("one-to-two", r"(?<![\w.])1(?![\w.])", "2"),
    ("two-to-one", r"(?<![\w.])2(?![\w.])", "1"),
    ("zero-to-one", r"(?<![\w.])0(?![\w.x])", "1"),
]


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True).stdout


def tracked_files(commit):
    return [f for f in git("ls-tree", "-r", "--name-only", commit).decode().split("\n") if f]


# Where mutants are drawn unless --under says otherwise.
DEFAULT_UNDER = ("numerics/", "experiments/")
# Code that can change a trained head or the corpus: a mutant here invalidates the cache.
TRAINING_CODE = ("numerics/", "experiments/")


def source_files(commit, under=DEFAULT_UNDER):
    return sorted(f for f in tracked_files(commit)
                  if f.startswith(tuple(under)) and f.endswith((".cpp", ".hpp"))
                  and not f.endswith("_main.cpp"))


def is_code(line):
    s = line.strip()
    return s and not s.startswith(("//", "/*", "*", "#include", "#pragma")) and "static_assert" not in s


def sites(commit, under=DEFAULT_UNDER):
    """Every (file, line number, operator, occurrence) where an operator applies."""
    found = []
    for path in source_files(commit, under):
        with open(os.path.join(SOURCE, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for number, line in enumerate(lines, 1):
            if not is_code(line):
                continue
            code = line.split("//")[0]
            if code.count('"') % 2:  # inside a string literal that spans the comment marker
                continue
            code_without_strings = re.sub(r'"(\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), code)
            for name, pattern, _ in OPERATORS:
                for k, _m in enumerate(re.finditer(pattern, code_without_strings)):
                    found.append((path, number, name, k))
    return found


def mutant_id(site):
    path, number, name, k = site
    return f"{path}:{number}:{name}:{k}"


def apply(site):
    path, number, name, k = site
    pattern, replacement = next((p, r) for n, p, r in OPERATORS if n == name)
    full = os.path.join(SOURCE, path)
    with open(full, encoding="utf-8") as f:
        original = f.read()
    lines = original.split("\n")
    line = lines[number - 1]
    code_end = line.find("//") if "//" in line else len(line)
    masked = re.sub(r'"(\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), line[:code_end])
    matches = list(re.finditer(pattern, masked))
    m = matches[k]
    lines[number - 1] = line[:m.start()] + replacement + line[m.end():]
    with open(full, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return full, original, line.strip(), lines[number - 1].strip()


def prepare_scratch(commit):
    """The scratch copy holds the sitting commit's tracked files; unchanged files keep their
    time stamps, so the build stays incremental."""
    os.makedirs(SOURCE, exist_ok=True)
    for rel in tracked_files(commit):
        content = git("show", f"{commit}:{rel}")
        dst = os.path.join(SOURCE, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if not os.path.exists(dst) or open(dst, "rb").read() != content:
            with open(dst, "wb") as f:
                f.write(content)


def prepare_build():
    if not os.path.exists(os.path.join(BUILD, "CMakeCache.txt")):
        subprocess.run(["cmake", "--preset", "release", "-DPE_BUILD_DOCS=OFF", "-DPE_BUILD_BENCHMARKS=OFF"],
                       cwd=SOURCE, check=True)
    subprocess.run(["cmake", "--build", "--preset", "release"], cwd=SOURCE, check=True)


def run(cmd, timeout):
    try:
        return subprocess.run(cmd, cwd=SOURCE, capture_output=True, text=True, timeout=timeout).returncode
    except subprocess.TimeoutExpired:
        return "timeout"


def sitting():
    """(commit, seed) named on the results file's first line, or None."""
    if not os.path.exists(RESULTS):
        return None
    with open(RESULTS, encoding="utf-8") as f:
        first = f.readline().split()
    if len(first) >= 5 and first[:2] == ["#", "commit"] and first[3] == "seed":
        under = first[6:] if len(first) > 6 and first[5] == "under" else list(DEFAULT_UNDER)
        return first[2], int(first[4]), under
    sys.exit(f"{RESULTS}: the first line must be '# commit SHA seed N'; "
             "move the file away or pass --new-sitting")


def recorded():
    if not os.path.exists(RESULTS):
        return {}
    with open(RESULTS, encoding="utf-8") as f:
        return {line.split("\t")[0]: line for line in f.read().split("\n")[2:] if line}


def stop_cleanly(signum, _frame):
    """SIGTERM and SIGINT (which a shell leaves ignored for a job started with '&') both stop the
    sitting through KeyboardInterrupt, so the mutated file is restored before exit."""
    raise KeyboardInterrupt(f"signal {signum}")


def main():
    signal.signal(signal.SIGTERM, stop_cleanly)
    signal.signal(signal.SIGINT, stop_cleanly)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=20261130, help="for a new sitting")
    parser.add_argument("--timeout", type=int, default=1200, help="per ctest run, seconds")
    parser.add_argument("--list", action="store_true", help="print the drawn mutants and stop")
    parser.add_argument("--new-sitting", action="store_true",
                        help="discard results.tsv and start a sitting at HEAD")
    parser.add_argument("--under", nargs="+", default=list(DEFAULT_UNDER),
                        help="draw mutants from tracked sources whose paths start with these "
                             "(default: numerics/ experiments/); a sitting keeps its choice, "
                             "recorded on the results file's first line")
    parser.add_argument("--first", metavar="LABELS",
                        help="a ctest -L regex: run those tests first and stop at their first "
                             "failure (a faster kill, the same verdict)")
    args = parser.parse_args()

    current = None if args.new_sitting else sitting()
    if current is None:
        current = (git("rev-parse", "HEAD").decode().strip(), args.seed, args.under)
        with open(RESULTS, "w", encoding="utf-8") as f:
            f.write(f"# commit {current[0]} seed {current[1]} under {' '.join(current[2])}\n")
            f.write("mutant\tverdict\tseconds\tbefore\tafter\n")
    commit, seed, under = current
    prepare_scratch(commit)
    all_sites = sites(commit, under)
    chosen = random.Random(seed).sample(all_sites, min(args.count, len(all_sites)))
    if args.list:
        for s in chosen:
            print(mutant_id(s))
        print(f"{len(chosen)} of {len(all_sites)} sites at {commit[:7]}", file=sys.stderr)
        return 0
    done = recorded()
    prepare_build()
    # A test that fails without any mutant would call every mutant killed.
    if run(CTEST, args.timeout) != 0 or (args.first and run(CTEST + ["-L", args.first], args.timeout) != 0):
        sys.exit("mutate.py: a test fails on the unmutated scratch copy; run ctest there "
                 f"({SOURCE}) and fix it before drawing mutants")
    for s in chosen:
        mid = mutant_id(s)
        if mid in done:
            continue
        start = time.time()
        full, original, before, after = apply(s)
        try:
            built = run(["cmake", "--build", "--preset", "release"], args.timeout)
            if built != 0:
                verdict = "not-viable"
            else:
                if s[0].startswith(TRAINING_CODE):
                    shutil.rmtree(os.path.join(BUILD, "cache"), ignore_errors=True)
                shutil.rmtree(os.path.join(BUILD, "report"), ignore_errors=True)
                tested = 0
                if args.first:
                    tested = run(CTEST + ["-L", args.first], args.timeout)
                if tested == 0:
                    tested = run(CTEST, args.timeout)
                verdict = "survived" if tested == 0 else ("timeout" if tested == "timeout" else "killed")
        finally:
            with open(full, "w", encoding="utf-8") as f:
                f.write(original)
        seconds = int(time.time() - start)
        with open(RESULTS, "a", encoding="utf-8") as f:
            f.write(f"{mid}\t{verdict}\t{seconds}\t{before}\t{after}\n")
        print(f"{verdict:10s} {seconds:5d} s  {mid}", flush=True)
    # Leave the scratch build matching the unmutated sources for the next sitting.
    run(["cmake", "--build", "--preset", "release"], args.timeout)
    rows = [line.split("\t") for line in recorded().values()]
    viable = [r for r in rows if r[1] in ("killed", "survived", "timeout")]
    killed = [r for r in viable if r[1] != "survived"]
    print(f"mutation score at {commit[:7]}: {len(killed)} killed of {len(viable)} viable "
          f"({len(rows)} recorded)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
