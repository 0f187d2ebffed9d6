// Small process helpers shared by start.mjs and test.mjs (plain Node: they run before any install).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command with its output written to a file instead of the terminal, for a suite that runs
 * beside another: its lines are printed whole when it ends, not interleaved. Resolves with the code.
 */
export function runToFile(cmd, args, file, options = {}) {
  const fd = openSync(file, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', fd, fd] });
    child.on('error', (error) => {
      closeSync(fd);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      closeSync(fd);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs a command and throws when it fails. */
export async function must(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

/** Whether a command exists on PATH. */
export function hasCommand(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

const GNU_TIME = '/usr/bin/time';
let measuredRuns = 0;

/**
 * Wraps a command so that its wall and CPU time (user + sys of the command and every process it
 * waited for) can be printed when it ends: CI's two cores are limited by CPU, and a wall time on a
 * shared machine means little without the CPU time and the load beside it. Without GNU time (not a
 * Debian base) only the wall time is known.
 */
export function measured(cmd, args) {
  const started = performance.now();
  const load = loadavg()[0];
  const file = join(tmpdir(), `portal-time-${process.pid}-${measuredRuns++}`);
  const wrap = existsSync(GNU_TIME);
  return {
    cmd: wrap ? GNU_TIME : cmd,
    args: wrap ? ['-f', '%U %S', '-o', file, cmd, ...args] : args,
    /** CPU seconds (user + sys), known once `summary()` has read them; 0 without GNU time. */
    cpu: 0,
    /** `wall 12.3 s, CPU 20.1 s, load 1.2 -> 2.3` (load: the 1-minute average at start and end). */
    summary() {
      const wall = `wall ${((performance.now() - started) / 1000).toFixed(1)} s`;
      const loads = `load ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`;
      if (!wrap || !existsSync(file)) return `${wall}, ${loads}`;
      // GNU time writes "Command exited with non-zero status N" above the figures when it failed.
      const [user, sys] = readFileSync(file, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      rmSync(file, { force: true });
      this.cpu = user + sys;
      return `${wall}, CPU ${this.cpu.toFixed(1)} s, ${loads}`;
    },
  };
}

/** CPU seconds of this process and of the children it has waited for (Linux /proc; else its own). */
function processTreeCpu() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields after the command name: utime is the 12th, stime 13th, cutime 14th, cstime 15th (ticks).
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // not Linux: own CPU only
  }
  return (own.user + own.system) / 1e6 + children;
}

/**
 * Times a phase of this process (install, build): its CPU is this process's own plus every child it
 * waited for meanwhile. `beside`: the CPU of measured suites that ran beside the phase and ended
 * during it (their children were reaped here too), taken off.
 */
export function measuredPhase() {
  const started = performance.now();
  const cpu = processTreeCpu();
  const load = loadavg()[0];
  return {
    summary(beside = 0) {
      const wall = ((performance.now() - started) / 1000).toFixed(1);
      return `wall ${wall} s, CPU ${(processTreeCpu() - cpu - beside).toFixed(1)} s, load ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`;
    },
  };
}
