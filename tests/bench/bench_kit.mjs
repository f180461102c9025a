// What the browser benches share (not tests): a median, and the machine's
// state to print beside the figures (its speed drifts with its load).
import fs from 'node:fs';
import os from 'node:os';

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "load average 0.58 4.25 4.57 (1, 5, 15 min), 2 processors": /proc/loadavg and the processors node sees. */
export function machineState() {
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `load average ${load} (1, 5, 15 min), ${os.availableParallelism()} processors`;
}
