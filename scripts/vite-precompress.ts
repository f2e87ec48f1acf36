import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; media (images, video, woff2) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml|ico)$/;
/** Below this a compressed sibling saves less than the headers it costs. */
const MIN_BYTES = 1024;

/** Every file under a folder, recursively. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `.br` (quality 11) and `.gz` (level 9) siblings of every compressible file under `dir`; returns the count. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brBytes: number }> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  let bytes = 0;
  let brBytes = 0;
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await fs.readFile(file);
      if (body.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      // A sibling that is not smaller would only cost bytes; the static handler then serves the file itself.
      if (br.length < body.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < body.length) await fs.writeFile(`${file}.gz`, gz);
      bytes += body.length;
      brBytes += Math.min(br.length, body.length);
      count++;
    }),
  );
  return { files: count, bytes, brBytes };
}

/** Vite plugin: precompresses the client build once it is written, so no asset is compressed at request time. */
export function precompress(): Plugin {
  return {
    name: 'amora-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        // Only the browser's bundle travels over the network; the server bundle is read from disk.
        if (this.environment?.name !== 'client' || !options.dir) return;
        const { files, bytes, brBytes } = await precompressDir(options.dir);
        this.info(
          `precompressed ${files} files: ${(bytes / 1024).toFixed(0)} KiB → ${(brBytes / 1024).toFixed(0)} KiB br`,
        );
      },
    },
  };
}
