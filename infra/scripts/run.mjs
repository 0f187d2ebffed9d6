// Small process helpers shared by start.mjs and test.mjs (plain Node: they run before any install).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

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
