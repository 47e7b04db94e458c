#!/usr/bin/env python3
"""The README's "What it looks like" section is output, not prose.

Every fenced block of that section is a transcript: a line "$ gpufit ARGS"
is a command, the lines after it up to the next command or the end of the
block are what it prints on stdout.  The commands are run from the
repository root on the bundled catalog, with the environment of the golden
cases (docs/HACKING.md): HOME and XDG_DATA_HOME in an empty scratch
directory, GPUFIT_CATALOG unset, NO_COLOR=1 and the clock at
GPUFIT_NOW (2026-11-30, the date the README states).

  readme-sample.py --check BUILD   exit 1 and a diff when the README differs
  readme-sample.py --update BUILD  rewrite the blocks from the commands
"""
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

SECTION = "## What it looks like"
NOW = "2026-11-30T00:00:00Z"


def blocks(lines):
    """(first, last) line indexes of the body of each fenced block of the section."""
    try:
        start = lines.index(SECTION)
    except ValueError:
        sys.exit(f"README.md: no '{SECTION}' section")
    out, body = [], None
    for i in range(start + 1, len(lines)):
        if lines[i].startswith("## "):
            break
        if lines[i].startswith("```"):
            if body is None:
                body = i + 1
            else:
                out.append((body, i))
                body = None
    if body is not None:
        sys.exit(f"README.md:{body}: the block opened here is not closed")
    return out


def run(gpufit_dir, home, command):
    args = shlex.split(command, comments=True)
    if not args or args[0] != "gpufit":
        sys.exit(f"README.md: '{command}' is not a gpufit command")
    env = {k: v for k, v in os.environ.items() if k != "GPUFIT_CATALOG"}
    env.update(HOME=home, XDG_DATA_HOME=os.path.join(home, ".local/share"), NO_COLOR="1",
               GPUFIT_NOW=NOW, LC_ALL="C.UTF-8",
               PATH=gpufit_dir + os.pathsep + env.get("PATH", ""))
    p = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       timeout=60, text=True)
    return p.stdout.rstrip("\n").split("\n")


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("--check", "--update"):
        sys.exit(__doc__)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    gpufit_dir = os.path.abspath(sys.argv[2])
    with open("README.md", encoding="utf-8") as f:
        lines = f.read().split("\n")
    new = list(lines)
    with tempfile.TemporaryDirectory() as home:
        for first, last in reversed(blocks(lines)):
            body, want = [], lines[first:last]
            for line in want:
                if line.startswith("$ "):
                    body.append(line)
                    body.extend(run(gpufit_dir, home, line[2:]))
            if not body:
                sys.exit(f"README.md:{first}: a block of '{SECTION}' shows no command")
            new[first:last] = body
    if new == lines:
        return 0
    if sys.argv[1] == "--update":
        with open("README.md", "w", encoding="utf-8") as f:
            f.write("\n".join(new))
        print("README.md: the sample output is rewritten")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        [l + "\n" for l in lines], [l + "\n" for l in new], "README.md", "what the commands print"))
    print("README.md: its sample output differs from what the commands print; "
          "'make readme' rewrites it")
    return 1


if __name__ == "__main__":
    sys.exit(main())
