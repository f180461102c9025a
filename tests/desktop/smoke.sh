#!/usr/bin/env bash
# The desktop app opens a real window under Xvfb, runs the pendulum for 90
# frames and saves its last frame; the picture must show the scene and panel.
set -euo pipefail
app=$1
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
timeout 60 xvfb-run -a -s "-screen 0 1280x800x24" "$app" "scene=pendulum&play=1" --frames 90 --png "$out/frame.png" \
  2> "$out/stderr.txt" || { cat "$out/stderr.txt" >&2; echo "desktop app failed" >&2; exit 1; }
python3 - "$out/frame.png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat, width, height = 8, b'', 0, 0
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b'IHDR': width, height = struct.unpack('>II', body[:8])
    if kind == b'IDAT': idat += body
    pos += 12 + length
raw, stride = zlib.decompress(idat), 4 * width + 1
colors, lit, prev = set(), 0, bytearray(stride - 1)
for y in range(height):
    f, row = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
    for i in range(len(row)):
        a = row[i - 4] if i >= 4 else 0
        b, c = prev[i], prev[i - 4] if i >= 4 else 0
        if f == 1: row[i] = (row[i] + a) & 255
        elif f == 2: row[i] = (row[i] + b) & 255
        elif f == 3: row[i] = (row[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    prev = row
    for x in range(0, width, 3):
        px = bytes(row[4 * x:4 * x + 3]); colors.add(px)
        lit += sum(px) > 3 * 40
print(f'desktop frame {width}x{height}: {len(colors)} colours, {lit} bright samples')
# A blank or black frame has 1-2 colours; the panel, grid and pendulum give hundreds.
assert len(colors) > 100 and lit > 2000, 'the frame looks empty'
PY
echo "desktop app smoke test passed"
