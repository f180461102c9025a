#!/usr/bin/env python3
"""The engine's folders in layers, lowest first: a file may include its own
folder and the folders below it, never one above (issue 36: no arrow runs
up). Prints the include graph between folders (how many includes each
arrow carries) and every include that runs up, then exits 1 if there is one.

    python3 tests/layers/engine_layers.py [src/engine]
"""
import collections
import pathlib
import re
import sys

# Lowest first. core: what everything uses (text, parameters, the Scene
# interface, palette); run: a run of a scene and what is measured over runs
# (simulation, comparison, sweep, summaries); io: files, links and messages;
# fit: parameters fitted to measured data (runs of scenes against io's tables).
LAYERS = ["core", "math", "integrators", "geometry", "contact", "dynamics",
          "particles", "world", "scenes", "run", "io", "fit"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/[^"]+"', re.M)


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parents[2] / "src" / "engine")
    rank = {name: k for k, name in enumerate(LAYERS)}
    folders = sorted(p.name for p in root.iterdir() if p.is_dir())
    unknown = [f for f in folders if f not in rank]
    arrows = collections.Counter()
    upward = []
    for source in sorted(root.rglob("*")):
        if source.suffix not in (".h", ".cpp"):
            continue
        here = source.relative_to(root).parts[0]
        for target in INCLUDE.findall(source.read_text(encoding="utf-8")):
            if target == here or target not in folders:
                continue
            arrows[(here, target)] += 1
            if here in rank and target in rank and rank[target] > rank[here]:
                upward.append(f"{source.relative_to(root)} includes {target}/ ({target} is above {here})")

    print("layers, lowest first: " + " < ".join(LAYERS))
    print("includes between folders:")
    for (src, dst), n in sorted(arrows.items(), key=lambda a: (rank.get(a[0][0], 99), rank.get(a[0][1], 99))):
        print(f"  {src:12s} -> {dst:12s} {n:3d}")
    for name in unknown:
        print(f"FAIL: folder {name}/ has no layer: add it to LAYERS in {pathlib.Path(__file__).name}")
    for line in upward:
        print("FAIL: " + line)
    print(f"{len(upward)} includes run up, {len(unknown)} folders without a layer")
    return 1 if upward or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
