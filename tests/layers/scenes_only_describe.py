#!/usr/bin/env python3
"""Scenes are descriptions only (issue 36): parameters, a builder of the
model and its state, presets, view, report, theory. Nothing under
src/engine/scenes/ steps time: it includes no integrator but the settings
of the integrator switch (integrators/stepper.h), no root finder or
closed-form flight, and calls none of their functions nor the impulse law's
(its id, kImpulseLawId, names a choice of the law switch).
Prints what it finds, then exits 1 if anything.

    python3 tests/layers/scenes_only_describe.py [src/engine]
"""
import pathlib
import re
import sys

# Headers a description has no use for: the stepping itself.
STEPPING_HEADERS = re.compile(
    r'^\s*#\s*include\s+"(integrators/(?!stepper\.h)[^"]+|dynamics/free_flight\.h|math/polynomial_roots\.h)"',
    re.M)
# Calls that advance time or locate an event.
STEPPING_CALLS = re.compile(
    r'\b(find_root|find_root_after_event|bracket_start_after_event|kick_drift_step|advance_free_flight|'
    r'restitution_impulse|real_polynomial_roots|dopri5_step|rk4_step|leapfrog_step|semi_implicit_euler_step)\s*\(|'
    r'\.\s*step\s*\(')


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else
                        pathlib.Path(__file__).resolve().parents[2] / "src" / "engine")
    scenes = root / "scenes"
    found = []
    files = sorted(p for p in scenes.rglob("*") if p.suffix in (".h", ".cpp"))
    for source in files:
        text = source.read_text(encoding="utf-8")
        for match in STEPPING_HEADERS.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{source.relative_to(root)}:{line}: includes {match.group(1)}")
        for match in STEPPING_CALLS.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{source.relative_to(root)}:{line}: calls {match.group(0).rstrip('(').strip()}")
    print(f"scenes/: {len(files)} files searched for stepping (integrators, root finding, flights, impulses)")
    for line in found:
        print("FAIL: " + line)
    print(f"{len(found)} stepping includes or calls under scenes/")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
