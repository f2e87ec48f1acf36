import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** One JSON log line of the process (pino). */
export type TLogLine = { level: number; time: number; pid: number; msg: string } & Record<string, unknown>;

/** `server/main.ts` (the real process entry) running as its own process, with its output as it arrives. */
export interface TMainProcess {
  child: ChildProcess;
  /** Every line written so far, stdout and stderr. */
  lines: string[];
  /** The first JSON log line whose msg matches; rejects after 30 s, or when the process ends without it. */
  logLine(msg: RegExp): Promise<TLogLine>;
  /** The exit code, once the process and its output have ended. */
  exited: Promise<number | null>;
}

function parse(line: string): TLogLine | undefined {
  try {
    const parsed = JSON.parse(line) as TLogLine;
    return typeof parsed.msg === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Starts `node server/main.ts` with the given environment on top of this one. */
export function startMain(env: Record<string, string | undefined>): TMainProcess {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const ended = [child.stdout!, child.stderr!].map((stream) => {
    const reader = createInterface({ input: stream });
    reader.on('line', (line) => {
      lines.push(line);
      for (const l of listeners) l(line);
    });
    return new Promise<void>((resolve) => reader.once('close', resolve));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve)).then(async (code) => {
    await Promise.all(ended);
    return code;
  });
  return {
    child,
    lines,
    exited,
    logLine(msg) {
      const seen = lines.map(parse).find((l) => l && msg.test(l.msg));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
        };
        const listener = (line: string) => {
          const parsed = parse(line);
          if (parsed && msg.test(parsed.msg)) {
            done();
            resolve(parsed);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no log line ${msg} within 30 s:\n${lines.join('\n')}`));
        }, 30_000);
        listeners.add(listener);
        void exited.then(() => {
          done();
          reject(new Error(`the process ended without ${msg}:\n${lines.join('\n')}`));
        });
      });
    },
  };
}
