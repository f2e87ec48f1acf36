import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Dynamic answers smaller than this travel as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Brotli quality for answers made per request: 4 compresses HTML/JSON close to gzip -9 at a fraction of the CPU. */
const DYNAMIC_BROTLI_QUALITY = 4;

/** Content types that are text (compressible); media types are compressed already. */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json|problem\+json)|image\/svg\+xml)/;

/**
 * Compresses dynamic answers (server-rendered HTML, API JSON) with Brotli or gzip as the client's Accept-Encoding
 * (with q-values) prefers, above a threshold. Static assets come precompressed from the build (`preCompressed` on the
 * static handlers), so they are never compressed here. A deployment whose proxy compresses sets COMPRESSION=false.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (opts.enabled) {
      await app.register(compress, {
        global: true,
        threshold: COMPRESS_THRESHOLD_BYTES,
        // Pages and API answers are at most a few tens of KiB: compressed in one synchronous call (0.3 ms for the
        // 29 KB home page at quality 4) rather than through a per-response zlib stream on the thread pool, which
        // costs more in setup and scheduling than the compression itself on 2 cores (measured, docs/PERFORMANCE.md).
        syncThreshold: 64 * 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
        zlibOptions: { level: 6 },
      });
    }
    // A shared cache must key text answers on Accept-Encoding even when this one went out uncompressed (small, or
    // to a client that accepts none), or it could hand a compressed copy to a client that cannot read it.
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!TEXT_TYPE.test(type)) return payload;
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
      return payload;
    });
  },
  { name: 'compression' },
);
