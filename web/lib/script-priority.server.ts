import { Transform } from 'node:stream';

const HEAD_END = '</head>';
const MODULE_PRELOAD = /<link rel="modulepreload"(?![^>]*fetchpriority)/g;

/**
 * Marks the document's module preloads (the page's ~50 hydration scripts, which <Scripts> has React hoist into the
 * head) low priority: the stylesheet, the fonts and the largest image of the first screen get a phone's few
 * connections first, and the scripts follow (issue 32: they held back the first paint on slow 4G). The head is
 * buffered until it ends, so a tag split between two chunks is rewritten too; the rest streams through untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  let head = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      if (done) return callback(null, chunk);
      head += chunk.toString();
      const end = head.indexOf(HEAD_END);
      if (end < 0) return callback();
      done = true;
      callback(null, head.slice(0, end).replace(MODULE_PRELOAD, '$& fetchpriority="low"') + head.slice(end));
      head = '';
    },
    flush(callback) {
      callback(null, done ? undefined : head);
    },
  });
}
