import { spawn } from 'node:child_process';

/** Starts a benchmark target (bench/serve.ts) in its own process, so the load generator does not share its event loop. */
export async function startTarget(kind: 'bare' | 'app'): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['bench/serve.ts', kind], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}
