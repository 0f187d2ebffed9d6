// One portal process (gateway + API) of the topology: started, probed until ready, signalled, restarted.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { childEnvironment } from './env';
import { gatewayProgram } from './paths';
import { waitForOk } from './wait';

export interface Instance {
  port: number;
  url: string;
  pid: number;
  /** Signals the process (default SIGTERM: graceful) and resolves when it has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** (Re)starts it; resolves when `/api/health/ready` answers 200. */
  start(): Promise<void>;
  /** Whether the process is running now. */
  readonly running: boolean;
  /** How the last run ended (undefined while running or never started): code 0 after a clean drain. */
  lastExit?: { code: number | null; signal: NodeJS.Signals | null } | undefined;
}

export interface InstanceOptions {
  port: number;
  env: Record<string, string>;
  logFile: string;
  readyTimeoutMs: number;
}

/** The last lines of a log, for an error message that says why a process did not come up. */
export function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function createInstance(options: InstanceOptions): Instance {
  const url = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const instance: Instance = {
    port: options.port,
    url,
    pid: 0,
    get running() {
      return !!child && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error(`instance on ${options.port} is already running`);
      const program = gatewayProgram();
      // Appends: a restarted instance's log follows its previous life's in the same file.
      const fd = openSync(options.logFile, 'a');
      const proc = spawn(process.execPath, program.args, {
        cwd: program.cwd,
        env: childEnvironment({ ...options.env, PORT: String(options.port), HOST: '127.0.0.1' }),
        stdio: ['ignore', fd, fd],
        // Its own process group: a Ctrl-C in the terminal reaches the launcher, which drains in order.
        detached: true,
      });
      closeSync(fd);
      child = proc;
      instance.pid = proc.pid ?? 0;
      instance.lastExit = undefined;
      let exitNote: string | undefined;
      exited = new Promise((resolve) => {
        proc.once('exit', (code, signal) => {
          instance.lastExit = { code, signal };
          exitNote = `exited (${signal ?? `code ${code}`})`;
          resolve();
        });
      });
      try {
        await waitForOk(`${url}/api/health/ready`, options.readyTimeoutMs, () =>
          exitNote ? `portal instance on port ${options.port} ${exitNote} before it was ready:\n${tail(options.logFile)}` : undefined,
        );
      } catch (error) {
        if (!exitNote) proc.kill('SIGKILL');
        await exited;
        throw error;
      }
    },
    async kill(signal = 'SIGTERM') {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  return instance;
}
