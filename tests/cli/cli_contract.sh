#!/bin/sh
# The contactlab command line contract: what scripts and course pages rely on.
#   usage: cli_contract.sh path/to/contactlab
# Exit codes: 0 ok, 1 run failed, 2 bad command line or input (message on
# stderr, and no output file created). CSV shapes as documented in main.cpp.
set -eu

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 path/to/contactlab" >&2
  exit 2
fi
CL=$1
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cli_contract.XXXXXX")
trap 'rm -rf "$WORK"' EXIT INT TERM
cd "$WORK"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   - $1"; }
fail() { failed=$((failed + 1)); echo "FAIL - $1"; }
check() {  # check "description" command...
  what=$1
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# run_cl OUT ERR args...: runs contactlab, stores its exit code in $rc.
run_cl() {
  out=$1
  err=$2
  shift 2
  if "$CL" "$@" >"$out" 2>"$err"; then rc=0; else rc=$?; fi
}

# --- list -------------------------------------------------------------------
run_cl list.out list.err list
check "list exits 0" [ "$rc" -eq 0 ]
check "list names the pendulum scene" grep -q '^pendulum' list.out

# --- params -----------------------------------------------------------------
run_cl params.json params.err params pendulum
check "params pendulum exits 0" [ "$rc" -eq 0 ]
check "params pendulum is a JSON array of {name, unit, default, min, max, help}" python3 -c '
import json, sys
params = json.load(open("params.json"))
assert isinstance(params, list) and params, "not a non-empty array"
for p in params:
    for key in ("name", "unit", "default", "min", "max", "help"):
        assert key in p, "%s lacks %s" % (p.get("name"), key)
    assert isinstance(p["name"], str) and p["name"], p
    assert isinstance(p["help"], str) and p["help"], p
    if p.get("kind") in ("real", "integer"):
        assert p["min"] <= p["default"] <= p["max"], p
names = [p["name"] for p in params]
assert len(names) == len(set(names)), "duplicate names"
for needed in ("L", "g", "v0", "e_thread"):
    assert needed in names, needed
'
run_cl bad_params.out bad_params.err params no_such_scene
check "params of an unknown scene exits 2 with a message" [ "$rc" -eq 2 -a -s bad_params.err ]

# --- run: series and events CSV ----------------------------------------------
run_cl run.out run.err run pendulum --until 1 --sample 0.01 --out s.csv --events e.csv
check "run pendulum --until 1 exits 0" [ "$rc" -eq 0 ]
check "series header starts with 't,'" sh -c 'head -n 1 s.csv | grep -q "^t,"'
check "series has 101 data rows (t = 0, 0.01, ..., 1)" [ "$(($(wc -l <s.csv) - 1))" -eq 101 ]
check "series first column is t = k/100 exactly, every row as wide as the header" python3 -c '
import csv
rows = list(csv.reader(open("s.csv")))
header, data = rows[0], rows[1:]
assert header[0] == "t"
for k, row in enumerate(data):
    assert len(row) == len(header), (k, row)
    assert float(row[0]) == k / 100, (k, row[0])
    assert len(row[0]) <= 4, (k, row[0])  # shortest form: "0.07", not "0.07000000000000001"
'
check "events header is exactly t,kind,phi,speed,speed_after,distance" \
  [ "$(head -n 1 e.csv)" = "t,kind,phi,speed,speed_after,distance" ]
check "the olympiad run goes slack near 125.26 deg before t = 1" python3 -c '
import csv, math
rows = list(csv.DictReader(open("e.csv")))
slack = [r for r in rows if r["kind"] == "slack"]
assert len(slack) == 1, rows
phi = float(slack[0]["phi"])
assert abs(phi - math.acos(-1 / math.sqrt(3))) < 1e-8, phi
assert slack[0]["distance"] == "" and slack[0]["speed_after"] == "", slack[0]
'
check "nothing else on stdout when --out is given" [ ! -s run.out ]

# --- run: --timing ---------------------------------------------------------
run_cl timing.out timing.err run pendulum --until 2 --out t.csv --timing
check "--timing exits 0" [ "$rc" -eq 0 ]
check "--timing reports steps and real-time factor on stderr" \
  sh -c 'grep -q "steps" timing.err && grep -q "real time" timing.err'
check "--timing keeps stdout clean" [ ! -s timing.out ]

# --- run: series to stdout ----------------------------------------------------
run_cl stdout.csv stdout.err run pendulum --until 0.1 --sample 0.05
check "run to stdout exits 0" [ "$rc" -eq 0 ]
check "without --out the series goes to stdout (header + 3 rows)" \
  sh -c '[ "$(wc -l <stdout.csv)" -eq 4 ] && head -n 1 stdout.csv | grep -q "^t,"'

# --- bad input: exit 2, a message, and no output file -------------------------
printf '{"scene": "pendulum", "params": {"L": 2,' >broken.json
printf '{"scene": "pendulum", "params": {"Lenght": 2}}' >unknown_param.json
printf '{"scene": "pendulum", "params": {"L": 1000}}' >out_of_range.json
printf '{"scene": "pendulum", "state": {"t": 0, "x": 0, "y": -1.2, "vx": 0, "vy": 0}}' >too_far.json
bad_case() {  # bad_case "description" args...
  what=$1
  shift
  rm -f bad.csv bad_events.csv
  run_cl bad.out bad.err "$@" --out bad.csv --events bad_events.csv
  if [ "$rc" -eq 2 ] && [ -s bad.err ] && [ ! -e bad.csv ] && [ ! -e bad_events.csv ]; then
    pass "$what: exit 2, '$(head -n 1 bad.err)'"
  else
    fail "$what: exit $rc, stderr '$(head -n 1 bad.err)', outputs: $(ls bad.csv bad_events.csv 2>/dev/null | tr '\n' ' ')"
  fi
}
bad_case "unknown scene" run no_such_scene
bad_case "unknown --set name" run pendulum --set Lenght=2
bad_case "out-of-range --set value" run pendulum --set L=1000
bad_case "malformed --set value" run pendulum --set L=1.2.3
bad_case "--set without '='" run pendulum --set L
bad_case "malformed --until" run pendulum --until soon
bad_case "unknown option" run pendulum --fast
bad_case "missing --scene-file" run pendulum --scene-file does_not_exist.json
bad_case "--scene-file that is not JSON" run pendulum --scene-file broken.json
bad_case "--scene-file with an unknown parameter" run pendulum --scene-file unknown_param.json
bad_case "--scene-file with an out-of-range value" run pendulum --scene-file out_of_range.json
bad_case "--scene-file with a mass farther than L" run pendulum --scene-file too_far.json

# --- run: --scene-file with a state -------------------------------------------
# Thread horizontal, mass at rest (tension exactly zero, so taut): it swings
# down with E = 0 throughout; the first row is the file's state.
printf '{"format": "contactlab-scene/1", "scene": "pendulum", "params": {"L": 1.1, "e_thread": 0},
  "state": {"t": 0, "x": 1.1, "y": 0, "vx": 0, "vy": 0}}' >state.json
run_cl state.out state.err run pendulum --scene-file state.json --until 0.5 --sample 0.1 --out state.csv
check "--scene-file with a state exits 0" [ "$rc" -eq 0 ]
check "the run starts from the file's state and conserves energy" python3 -c '
import csv
rows = list(csv.DictReader(open("state.csv")))
assert len(rows) == 6, len(rows)
first = rows[0]
assert float(first["t"]) == 0 and float(first["x"]) == 1.1 and float(first["y"]) == 0, first
assert float(first["speed"]) == 0, first
for r in rows:
    assert abs(float(r["E_total"])) < 1e-8, r  # starts at rest at the nail height: E = 0
assert float(rows[-1]["y"]) < -0.5, rows[-1]
'
# A state off the sample grid: the first row is the first grid time after it.
printf '{"scene": "pendulum", "state": {"t": 0.505, "x": 0, "y": -1.1, "vx": 3, "vy": 0}}' >late.json
run_cl late.out late.err run pendulum --scene-file late.json --until 0.55 --sample 0.01 --out late.csv
check "a state at t = 0.505 gives rows t = 0.51 .. 0.55 only" python3 -c '
import csv
rows = list(csv.DictReader(open("late.csv")))
assert [r["t"] for r in rows] == ["0.51", "0.52", "0.53", "0.54", "0.55"], [r["t"] for r in rows]
'

# --- run: --preset ------------------------------------------------------------
run_cl preset.out preset.err run pendulum --preset "Small swing" --until 0.1 --sample 0.1 --out preset.csv
check "--preset applies the preset's values (v0 = 0.3 sqrt(g L))" python3 -c '
import csv, math
rows = list(csv.DictReader(open("preset.csv")))
assert abs(float(rows[0]["vx"]) - 0.3 * math.sqrt(10 * 1.1)) < 1e-12, rows[0]
'
run_cl preset2.out preset2.err run implicit --preset Diamond --set N=3 --until 1 --sample 1 --out preset2.csv
check "--set applies after --preset (implicit, Diamond, N = 3)" python3 -c '
import csv
header = open("preset2.csv").readline().strip().split(",")
assert header[:5] == ["t", "x0", "y0", "vx0", "vy0"] and "x2" in header and "x3" not in header, header
'
bad_case "unknown --preset" run implicit --preset Bogus

# --- implicit: a typed wall, its errors, and a scene file's ball list ---------
bad_case "unparsable wall" run implicit --set "wall=x^2+(y"
bad_case "wall not closed in the view box" run implicit --set "wall=x^2+y^2-30^2"
printf '{"scene": "implicit", "params": {"e": 1, "g": 0},
  "state": {"t": 0, "balls": [{"x": 0, "y": 0, "vx": 3, "vy": 0}, {"x": 0, "y": 5, "vx": 0, "vy": -2}]}}' >balls.json
run_cl balls.out balls.err run implicit --scene-file balls.json --until 10 --sample 1 --out balls.csv --events balls_events.csv
check "a scene file's two balls set N = 2; hits are recorded, nothing escapes" python3 -c '
import csv
rows = list(csv.DictReader(open("balls.csv")))
assert "x1" in rows[0] and "x2" not in rows[0], list(rows[0])
assert float(rows[-1]["hits"]) >= 2 and float(rows[-1]["corrections"]) == 0, rows[-1]
events = list(csv.DictReader(open("balls_events.csv")))
assert events and all(e["kind"] == "hit" for e in events), events[:3]
assert abs(float(rows[-1]["E_total"]) - float(rows[0]["E_total"])) < 1e-9 * float(rows[0]["E_total"]), rows[-1]
'
# --- street: the seed's throw, a typed street, its errors ---------------------
run_cl street.out street.err run street --until 5 --out street.csv --events street_events.csv
check "run street (seed defaults) --until 5 exits 0" [ "$rc" -eq 0 ]
check "street series and events have their columns; impacts are recorded, the audit closes" python3 -c '
import csv
rows = list(csv.DictReader(open("street.csv")))
for name in ("t", "x", "y", "q", "vx", "vy", "w", "gap", "contact_x", "penetration", "force_n", "force_t",
             "E_kin", "E_pot", "E_spring", "E_diss", "E_total", "E_audit"):
    assert name in rows[0], name
assert len(rows) == 501, len(rows)
e0 = float(rows[0]["E_total"])
assert max(abs(float(r["E_audit"])) for r in rows) < 1e-6 * e0
events = list(csv.DictReader(open("street_events.csv")))
assert list(events[0])[:3] == ["t", "kind", "contact_x"], list(events[0])
assert len(events) >= 3 and all(e["kind"] == "street" for e in events), events
'
run_cl street2.out street2.err run street --set "street=0.05*x^2" --set x0=0 --set y0=4 --until 2 --out street2.csv
check "run street with a typed street exits 0 and lands on it" python3 -c '
import csv
rows = list(csv.DictReader(open("street2.csv")))
assert min(float(r["penetration"]) for r in rows) == 0 and max(float(r["penetration"]) for r in rows) > 0
'
bad_case "unparsable street" run street --set "street=0.1*x^2+(x"
bad_case "street not finite near the start" run street --set "street=log(x)"
bad_case "observer outside the ellipse" run street --set alpha=0.9 --set beta=0.9
bad_case "negative ellipse mass" run street --set m=-1
# --- impact loops: force against penetration per impact ------------------------
run_cl loops.out loops.err run street --until 5 --out street3.csv --events street3_events.csv --loops loops.csv
check "run street --loops writes one loop per recorded impact, penetration >= 0 and force >= 0" python3 -c '
import csv
rows = list(csv.DictReader(open("loops.csv")))
assert list(rows[0]) == ["impact", "onset", "kind", "i", "j", "penetration", "force"], list(rows[0])
impacts = sorted({int(r["impact"]) for r in rows})
events = list(csv.DictReader(open("street3_events.csv")))
assert len(impacts) >= len(events) >= 3, (impacts, len(events))
assert all(r["kind"] == "street" and r["j"] == "" for r in rows)
assert min(float(r["penetration"]) for r in rows) >= 0 and min(float(r["force"]) for r in rows) >= 0
assert max(float(r["force"]) for r in rows) > 0
'
rm -f loops_none.csv
run_cl loops_none.out loops_none.err run pendulum --until 1 --loops loops_none.csv
check "--loops on a scene without compliant contacts exits 2, says why, writes nothing" \
  sh -c '[ "$0" -eq 2 ] && grep -q "no impact loops" loops_none.err && [ ! -e loops_none.csv ]' "$rc"
# --- pile: presets and the report table -----------------------------------------
run_cl pile.out pile.err run pile --preset "1D spring pile, k_s = 40000" --until 18 --sample 1 --out pile.csv --report pile_report.csv
check "pile: --report writes the 1D spring pile's compression table (seed Table 3.2-1: 2.7 %, 0.568 m)" python3 -c '
import csv
rows = list(csv.DictReader(open("pile_report.csv")))
assert len(rows) == 1, rows
r = rows[0]
assert float(r["k_s (N/m)"]) == 40000 and float(r["particles in pile"]) == 131, r
# Means since the last particle joined (the column rings in its slowest mode).
assert float(r["averaged over (s)"]) > 2, r
assert abs(float(r["pile compression (%)"]) - 2.7) < 0.3 and abs(float(r["bottom particle D (m)"]) - 0.568) < 0.003, r
'
run_cl pile_none.out pile_none.err run pile --until 0.1 --out pile_none.csv --report pile_none_report.csv
check "--report for settings without a table (2D pile): exit 2 with a message, no report file" \
  sh -c '[ "$0" -eq 2 ] && grep -q "no report table" pile_none.err && [ ! -e pile_none_report.csv ]' "$rc"
run_cl pile2.out pile2.err run pile --preset "1D impulse pile, h = 0.01" --until 60 --sample 1 --out pile2.csv
check "pile: the 1D impulse pile explodes with a message and exit code 1" [ "$rc" -eq 1 ]
check "pile: the explosion message says so" grep -q "exploded" pile2.err
bad_case "pile: billiard in 3D" run pile --set start=billiard --set dim=3

# --- hostile input (issue 15): refused before anything is written or run ----------
printf '{"scene": "pendulum", "params": {"L": 1e400}}' >huge_number.json
python3 -c 'print("{\"scene\": \"pendulum\", \"state\": " + "[" * 150000 + "]" * 150000 + "}")' >deep.json
printf '{"format": "contactlab-scene/99", "scene": "pendulum"}' >format99.json
printf '{"scene": "ellipses", "state": {"t": -1e9, "bodies": [{"x": -3, "y": 0, "q": 0, "vx": 1, "vy": 0, "w": 0},
  {"x": 3, "y": 0, "q": 0, "vx": -1, "vy": 0, "w": 0}]}}' >ellipses_past.json
printf '{"scene": "street", "state": {"t": -1e9, "x": 2.5, "y": 6, "q": 0, "vx": 0, "vy": 0, "w": 0}}' >street_past.json
printf '{"scene": "pendulum", "state": {"t": 5, "x": 0, "y": -1.1, "vx": 1e300, "vy": 0}}' >fast.json
printf '{"scene": "pile", "params": {"dim": "1"}, "state": {"t": 0, "next_emit": 0,
  "particles": [{"x": 0, "y": 0, "z": 1e10, "vx": 0, "vy": 0, "vz": 0, "m": 1}]}}' >pile_far.json
printf '{"scene": "implicit", "state": {"balls": [{"x": 0, "y": 0, "vx": 1, "vy": 0}, {"x": 0, "y": 0, "vx": 1, "vy": 0}]}}' >twins.json
bad_case "scene file with 1e400 (was an uncaught exception)" run pendulum --scene-file huge_number.json
bad_case "scene file nested 150,000 deep (was a stack overflow)" run pendulum --scene-file deep.json
bad_case "scene file format contactlab-scene/99" run pendulum --scene-file format99.json
bad_case "ellipses state at t = -1e9 (hung)" run ellipses --scene-file ellipses_past.json --until 0.1
bad_case "street state at t = -1e9 (hung)" run street --scene-file street_past.json --until 0.1
bad_case "state with a speed of 1e300 m/s at t >= --until (wrote inf, exit 0)" run pendulum --scene-file fast.json --until 1
bad_case "pile state with a particle at z = 1e10 (crashed)" run pile --scene-file pile_far.json --until 0.1
bad_case "implicit state with one ball listed twice" run implicit --scene-file twins.json --until 0.1
bad_case "street with a jump (hung over 117 s)" run street --set 'street=sign(x) - (12 + x)' --until 1
bad_case "street start inside the ground (the street is at 56.6 m)" run street --set x0=60 --set y0=45 --until 1
bad_case "2000 balls of r = 10 m (took 15 s)" run implicit --set N=2000 --set r=10 --until 0.1
bad_case "--sample 1e-300 (wrote 14 MB in 5 s, no end)" run pendulum --sample 1e-300 --until 1
bad_case "--until with too many samples" run pendulum --until 10000 --sample 0.00001
bad_case "--until beyond 1e6 s" run pendulum --until 1e7 --sample 10
bad_case "--report on a scene without a report table (ran, then refused)" run pendulum --until 1 --report r.csv
check "... and no report file either" [ ! -e r.csv ]
bad_case "--loops naming the --out file" run street --until 1 --loops bad.csv
rm -f same.csv
run_cl same.out same.err run pendulum --until 1 --out same.csv --events ./same.csv
check "--out and --events naming one file: exit 2, says so, writes nothing" \
  sh -c '[ "$0" -eq 2 ] && grep -q "name the same file" same.err && [ ! -e same.csv ]' "$rc"
mkdir -p folder
rm -f first.csv
run_cl folder.out folder.err run pendulum --until 1 --out first.csv --events folder
check "an output that is a folder: exit 2 before the other outputs are created" \
  sh -c '[ "$0" -eq 2 ] && grep -q "folder" folder.err && [ ! -e first.csv ]' "$rc"
run_cl storm.out storm.err run implicit --set 'wall=x^2+y^2-2.25+sin(1e6*x)' --until 1 --out storm.csv
check "a wall making an endless series of hits stops with exit 1 and says so (took 63 s)" \
  sh -c '[ "$0" -eq 1 ] && grep -q "repeat without end" storm.err' "$rc"
run_cl pileup.out pileup.err run implicit --set collisions=on --set e=0.5 --set N=100 --until 60 --sample 0.1 --out pileup.csv
check "colliding balls piling up with e < 1 stop with exit 1 and say so (took 232 s)" \
  sh -c '[ "$0" -eq 1 ] && grep -q "piled up" pileup.err' "$rc"
run_cl billiard.out billiard.err run pile --set start=billiard --set k_d=100000 --until 1.3 --out billiard.csv
check "pile: the billiard with k_d = 1e5 stops with a message and exit 1 (crashed)" \
  sh -c '[ "$0" -eq 1 ] && grep -q "exploded" billiard.err' "$rc"
check "... and every value it wrote is finite" python3 -c '
import csv, math
rows = list(csv.reader(open("billiard.csv")))
assert all(math.isfinite(float(v)) for r in rows[1:] for v in r), "non-finite value"
'

# --- run --compare --------------------------------------------------------------
HEADON="--set layout=head_on --set a=1 --set b=1 --set alpha=0 --set beta=0 --set friction=0"
run_cl cmp.out cmp.err run ellipses $HEADON --compare law=hunt_crossley,flores,impulse --compare c_tau=0.8,0.8,1 \
  --set e=0.8 --until 0.5 --sample 0.1 --out cmp.csv --events cmp_events.csv
check "--compare: exit 0, one series block and one event per variant, each row led by its variant" python3 -c '
import csv
rows = list(csv.DictReader(open("cmp.csv")))
assert list(rows[0])[:2] == ["variant", "t"], list(rows[0])[:2]
labels = sorted(set(r["variant"] for r in rows))
assert labels == ["law=flores c_tau=0.8", "law=hunt_crossley c_tau=0.8", "law=impulse c_tau=1"], labels
assert all(sum(r["variant"] == l for r in rows) == 6 for l in labels), "6 samples each"
events = list(csv.DictReader(open("cmp_events.csv")))
e = {r["variant"]: float(r["restitution"]) for r in events if r["kind"] == "pair"}
assert abs(e["law=hunt_crossley c_tau=0.8"] - 0.833) < 1e-3 and abs(e["law=flores c_tau=0.8"] - 0.789) < 1e-3, e
assert e["law=impulse c_tau=1"] == 0.8, e
'
bad_case "--compare with one variant" run ellipses --compare law=hertz
bad_case "--compare lists of different lengths" run ellipses --compare law=hertz,flores --compare c_tau=1
bad_case "--compare of an unknown value" run ellipses --compare law=hertz,warp
bad_case "--compare with --loops" run ellipses --compare law=hertz,flores --loops loops.csv

# --- sweep, its shards and their merge ---------------------------------------------
run_cl sweep.out sweep.err sweep ellipses $HEADON --vary c_tau=0.1:1:7 --until 0.5 --jobs 2 --out sweep.csv
check "sweep: exit 0, one row per value in order, e_first rising to 1" python3 -c '
import csv
rows = list(csv.DictReader(open("sweep.csv")))
assert [int(r["index"]) for r in rows] == list(range(7)), [r["index"] for r in rows]
e = [float(r["e_first"]) for r in rows]
assert all(a < b for a, b in zip(e, e[1:])) and abs(e[-1] - 1) < 1e-6, e
assert all(r["failure"] == "" for r in rows)
'
for i in 0 1 2; do run_cl shard$i.out shard$i.err sweep ellipses $HEADON --vary c_tau=0.1:1:7 --until 0.5 --shard $i/3 --out shard$i.csv; done
run_cl merged.out merged.err sweep --merge shard2.csv shard0.csv shard1.csv --out merged.csv
check "sweep shards merged in any order equal the whole sweep" cmp merged.csv sweep.csv
run_cl lost.out lost.err sweep --merge shard0.csv shard2.csv --out lost.csv
check "merging without a shard: exit 2, names the missing runs, writes nothing" \
  sh -c '[ "$0" -eq 2 ] && grep -q "runs missing: 3-4" lost.err && [ ! -e lost.csv ]' "$rc"
for args in "--vary law=0:1:3" "--vary c_tau=0.1:2:3" "--vary c_tau=0.1:1:0" "--vary c_tau=0.1:1:3 --shard 3/3" \
  "--vary c_tau=0.1:1:3 --jobs 0"; do
  rm -f badsweep.csv
  run_cl badsweep.out badsweep.err sweep ellipses $args --out badsweep.csv
  check "sweep $args: exit 2 with a message, no table" \
    sh -c '[ "$0" -eq 2 ] && [ -s badsweep.err ] && [ ! -e badsweep.csv ]' "$rc"
done

# --- issue 34: merge, write failures, output paths, compare cells, sweep ends ----------
long_name=$(printf 'x%.0s' $(seq 300)).csv
run_cl mnull.out mnull.err sweep --merge /dev/null --out /dev/null
check "merge of /dev/null: exit 2, says it is no sweep table (aborted)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "not a sweep table" mnull.err' "$rc"
run_cl mlong.out mlong.err sweep --merge "$long_name" --out m.csv
check "merge of a 300-character name: exit 2 with a message (aborted)" sh -c '[ "$0" -eq 2 ] && [ -s mlong.err ]' "$rc"
ln -sf loop.csv loop.csv
run_cl mloop.out mloop.err sweep --merge loop.csv --out m.csv
check "merge of a symlink loop: exit 2 with a message (aborted)" sh -c '[ "$0" -eq 2 ] && [ -s mloop.err ]' "$rc"
printf 'index,runs,c_tau\n0x0,1,1\n' >hexkey.csv
run_cl mhex.out mhex.err sweep --merge hexkey.csv --out m.csv
check "merge of a row keyed 0x0: exit 2, no run index (copied before)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "no run index" mhex.err' "$rc"
for cell in nan inf 1e999; do
  printf 'index,runs,L,e_first,failure\n0,2,1,%s,\n1,2,2,0.5,\n' "$cell" >cell.csv
  rm -f mcell.csv
  run_cl mcell.out mcell.err sweep --merge cell.csv --out mcell.csv
  check "merge of a table with a $cell cell: exit 2, names the file, line and cell, writes nothing (copied before)" \
    sh -c '[ "$0" -eq 2 ] && grep -q "cell.csv, line 2: the cell .$1. is not a finite number" mcell.err && [ ! -e mcell.csv ]' \
    "$rc" "$cell"
done
check "merge of /dev/zero: exit 2 at its first line, under 50 MB (1 GB before)" python3 -c '
import resource, subprocess, sys
done = subprocess.run([sys.argv[1], "sweep", "--merge", "/dev/zero", "--out", "z.csv"], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print("  peak %.1f MB: %s" % (peak, done.stderr.strip()))
assert done.returncode == 2 and "not a sweep table" in done.stderr and peak < 50, peak
' "$CL"
for i in 0 1 2 3 4 5 6 7 8 9; do
  run_cl s$i.out s$i.err sweep pendulum --vary L=0.5:1.5:2000 --until 0.01 --shard $i/10 --out slice$i.csv
done
check "merge of 10 slices of a 2,000-run sweep: under 50 MB (4 files of 143 bytes took 2 GB)" python3 -c '
import resource, subprocess, sys
subprocess.run([sys.argv[1], "sweep", "--merge"] + ["slice%d.csv" % i for i in range(10)] + ["--out", "all.csv"],
               check=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print("  peak %.1f MB" % peak)
assert peak < 50, peak
assert sum(1 for _ in open("all.csv")) == 2001
' "$CL"
if [ -w /dev/full ]; then
  run_cl full.out full.err run pendulum --until 0.05 --out /dev/full
  check "run --out /dev/full: exit 1, names the file (exit 0 before)" \
    sh -c '[ "$0" -eq 1 ] && grep -q "/dev/full" full.err' "$rc"
  run_cl fulls.out fulls.err sweep pendulum --vary L=0.5:1:3 --until 0.1 --out /dev/full
  check "sweep --out /dev/full: exit 1, names the file" sh -c '[ "$0" -eq 1 ] && grep -q "/dev/full" fulls.err' "$rc"
  run_cl fullm.out fullm.err sweep --merge slice0.csv slice1.csv slice2.csv slice3.csv slice4.csv slice5.csv \
    slice6.csv slice7.csv slice8.csv slice9.csv --out /dev/full
  check "merge --out /dev/full: exit 1, names the file" sh -c '[ "$0" -eq 1 ] && grep -q "/dev/full" fullm.err' "$rc"
fi
run_cl olong.out olong.err run ellipses --until 3 --out "$long_name"
check "run --out with a 300-character name: exit 2 before it runs (simulated, then exit 1)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "too long" olong.err' "$rc"
run_cl cmpn.out cmpn.err run ellipses --compare n=2,3 --until 0.01 --out cmpn.csv
check "compare n=2,3: the cells of the third body are empty for n=2, never nan" python3 -c '
import csv
rows = list(csv.DictReader(open("cmpn.csv")))
assert rows and not any("nan" in v for r in rows for v in r.values()), "nan written"
two = [r for r in rows if r["variant"] == "n=2"]
assert two and all(r["x2"] == "" for r in two), two[0]
assert all(r["x2"] != "" for r in rows if r["variant"] == "n=3")
'
run_cl cmpN.out cmpN.err run implicit --compare N=1,5 --until 0.01 --out cmpN.csv
check "compare N=1,5: no nan cells" sh -c '[ "$0" -eq 0 ] && ! grep -qi nan cmpN.csv' "$rc"
printf '{"scene": "implicit", "state": {"t": 0, "balls": [{"x": 0, "y": 0, "vx": 1e300, "vy": 0}]}}' >fast.json
run_cl fast.out fast.err run implicit --scene-file fast.json --until 0.1 --out fast.csv
check "a ball at 1e300 m/s: refused before planning, says too fast (2.7 s before)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "too fast" fast.err' "$rc"
printf '{"scene": "pendulum", "state": {"t": 5, "phase": "taut", "x": 0.1, "y": -1, "vx": 0, "vy": 0}}' >late.json
rm -f late.csv
run_cl late.out late.err sweep pendulum --scene-file late.json --vary L=0.5:1:3 --until 1 --out late.csv
check "a sweep from a state later than --until: exit 2 like run (rows without running before)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "starts at t = 5 s" late.err && [ ! -e late.csv ]' "$rc"
run_cl half.out half.err sweep implicit --vary N=1.5:4:3 --until 0.1 --out half.csv
check "an integer sweep from 1.5: exit 2, says whole numbers (rounded silently before)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "whole" half.err' "$rc"
run_cl cap.out cap.err run pendulum --compare L=1,2,3,4 --until 2000 --sample 0.01 --out cap.csv
check "a 4-variant compare holds the sample cap for the whole table (4x before)" \
  sh -c '[ "$0" -eq 2 ] && grep -q "each of 4 runs" cap.err' "$rc"

for args in "ellipses --set integrator=euler --set E_e=1e12 --until 0.3" \
  "ellipses --set integrator=leapfrog --set E_e=1e10 --until 0.3" \
  "ellipses --set integrator=rk4 --set E_e=1e12 --until 0.3" \
  "ellipses --set law=linear --set k_linear=1e12 --set integrator=euler --until 0.25" \
  "street --set law=linear --set integrator=rk4 --set k_linear=1e12 --until 1"; do
  run_cl stiff.out stiff.err run $args --out stiff.csv
  check "run $args: stops at its first impact, exit 1, says it blew up and what to change (never returned)" \
    sh -c '[ "$0" -eq 1 ] && grep -q "blew up" stiff.err && grep -q "use dopri5" stiff.err' "$rc"
done
# Balls in a typed wall under rk4 at a step far longer than their contact: the
# contact closed and opened at one instant, over and over (never returned).
run_cl stall.out stall.err run implicit --set law=hunt_crossley --set integrator=rk4 --set E=3.2e10 --set dt=3.7e-4 \
  --set m=26 --set view=85 --set nu=-0.78 --until 1.17 --out stall.csv
check "contacts that begin and end at one instant: exit 1, says so and what to change (never returned)" \
  sh -c '[ "$0" -eq 1 ] && grep -q "without the run getting past it" stall.err && grep -q "use dopri5" stall.err' "$rc"
# Steps far shorter than the contact needs: a fixed dt = 1e-7 s through a long
# contact (21.8 s for 2 s before), dopri5 at rtol = 1e-13 on a stiff law (over 20 s).
run_cl rate.out rate.err run street --set integrator=rk4 --set dt=1e-7 --until 2 --out rate.csv
check "a fixed step of 1e-7 s through a long contact: exit 1, says the step rate and to use a larger dt or dopri5" \
  sh -c '[ "$0" -eq 1 ] && grep -q "integrator steps of .* s on average" rate.err && grep -q "larger dt or dopri5" rate.err' "$rc"
run_cl rate2.out rate2.err run implicit --set law=hunt_crossley --set E=1e12 --set integrator=dopri5 --set rtol=1e-13 \
  --set N=5 --until 2 --out rate2.csv
check "dopri5 at rtol 1e-13 on a stiff law: exit 1, says the step rate and to soften the contact or loosen rtol" \
  sh -c '[ "$0" -eq 1 ] && grep -q "integrator steps of .* s on average" rate2.err && grep -q "loosen rtol" rate2.err' "$rc"
run_cl stiffsweep.out stiffsweep.err sweep ellipses --set integrator=euler --vary E_e=1e10:1e12:3 --log --until 0.3 \
  --out stiffsweep.csv
check "a sweep over E_e under euler: exit 0, each stiff run's row says it blew up (never returned)" \
  sh -c '[ "$0" -eq 0 ] && [ "$(grep -c "blew up" stiffsweep.csv)" -eq 3 ]' "$rc"

# --- fit: parameters fitted to measured data (issue 39) ---------------------------
run_cl fitev.out fitev.err run pile --preset bouncing_ball --set law=impulse --set e=0.8 --until 2 \
  --events fitev.csv --out fitrun.csv
awk -F, 'NR == 1 { print "\"Time (s)\"" } NR > 1 && NR <= 9 { print $1 + 5 }' fitev.csv > bounces.csv
run_cl fit.out fit.err fit pile --preset bouncing_ball --set law=impulse --data bounces.csv --map Time=bounce \
  --vary e=0.5:1 --out fit.csv --residuals fitres.csv --jobs 2
check "fit of e to 8 bounce times (clock shifted by 5 s): exit 0, the table and residuals written, e = 0.8" python3 -c '
import csv, sys
rows = list(csv.DictReader(open("fit.csv")))
res = list(csv.DictReader(open("fitres.csv")))
ok = sys.argv[1] == "0" and len(rows) == 1 and rows[0]["parameter"] == "e" and abs(float(rows[0]["value"]) - 0.8) < 1e-4
ok = ok and len(res) == 8 and all(abs(float(r["residual"])) < 1e-4 for r in res)
sys.exit(0 if ok else 1)' "$rc"
check "fit prints the same table, with its heading" sh -c 'grep -q "^fit of pile to 8" fit.out && grep -q "^e,,0.8" fit.out'
printf 'not,a\ntable,here\n' > notable.csv
for args in "--map Time=bounce --vary e=0.5:1" \
            "--data bounces.csv --vary e=0.5:1" \
            "--data bounces.csv --map Time=bounce --vary e=0.5:2" \
            "--data bounces.csv --map Time=bounce --vary nope=0:1" \
            "--data bounces.csv --map Time=bounce --vary law=0:1" \
            "--data bounces.csv --map Tim=bounce --vary e=0.5:1" \
            "--data bounces.csv --map Time[mm]=bounce --vary e=0.5:1" \
            "--data bounces.csv --map Time=com_height --vary e=0.5:1" \
            "--data bounces.csv --map Time=bounce --vary e=0.5:1 --log e --vary k_p=0:1 --log k_p" \
            "--data bounces.csv --map Time=bounce --vary e=0.5:1 --jobs 0" \
            "--data notable.csv --map Time=bounce --vary e=0.5:1" \
            "--data missing.csv --map Time=bounce --vary e=0.5:1"; do
  rm -f badfit.csv
  # shellcheck disable=SC2086
  run_cl badfit.out badfit.err fit pile --preset bouncing_ball --set law=impulse $args --out badfit.csv
  check "fit $args: exit 2 with a message, no table" \
    sh -c '[ "$0" -eq 2 ] && [ -s badfit.err ] && [ ! -e badfit.csv ]' "$rc"
done

cp bounces.csv bounces_kept.csv
run_cl badfit.out badfit.err fit pile --preset bouncing_ball --set law=impulse --data bounces.csv --map Time=bounce \
  --vary e=0.5:1 --residuals bounces.csv
check "fit --residuals naming the data file: exit 2, the input named, the data unchanged" \
  sh -c '[ "$0" -eq 2 ] && grep -q "names the input" badfit.err && cmp -s bounces.csv bounces_kept.csv' "$rc"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
