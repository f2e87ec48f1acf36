import { spawn } from 'node:child_process';

/** The member `bench/serve.ts app member` makes: its session cookie, a profile it wrote to and that conversation. */
export type TBenchMember = { cookie: string; profileId: number; conversationId: number };

/** Starts a benchmark target (bench/serve.ts) in its own process, so the load generator does not share its event loop. */
export async function startTarget(
  kind: 'bare' | 'app',
  options: { member?: boolean } = {},
): Promise<{ port: number; stop: () => void; member: TBenchMember | null }> {
  const child = spawn(process.execPath, ['bench/serve.ts', kind, ...(options.member ? ['member'] : [])], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  let member: TBenchMember | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      const found = /MEMBER (\{.*\})/.exec(text);
      if (found) member = JSON.parse(found[1]) as TBenchMember;
      const match = /PORT (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${kind} target exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM'), member };
}
