// `npm run bench:photo`: time of one photo upload's image work (processPhoto) without the responsive variants (the
// pipeline before issue 32: main, thumbnail and their blurred copies) and with them, and the bytes each variant takes.
// The input is a 12-megapixel phone-camera-sized JPEG with photo-like detail (smoothed noise over gradients).
import sharp from 'sharp';
import { processPhoto } from '#server/modules/photos/photo-processing.ts';

const RUNS = 3;

/** A 4032×3024 JPEG with detail at several scales, so encoders work about as hard as on a real photo. */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const noise = await sharp({
    create: {
      width: 504,
      height: 378,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(width, height, { kernel: 'cubic' })
    .blur(1.2)
    .png()
    .toBuffer();
  const fine = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  return sharp(noise)
    .composite([{ input: fine, blend: 'overlay' }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Median of a few runs, in ms. */
async function time(work: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    runs.push(performance.now() - start);
  }
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const input = await cameraPhoto();
console.log(`input: 4032x3024 JPEG, ${(input.length / 1024).toFixed(0)} KiB; sharp concurrency ${sharp.concurrency()}`);
const before = await time(() => processPhoto(input, { variants: false }));
const after = await time(() => processPhoto(input));
console.log(`processPhoto without variants (before issue 32): ${before.toFixed(0)} ms`);
console.log(`processPhoto with variants:                      ${after.toFixed(0)} ms`);
const photo = await processPhoto(input);
const kib = (b: Buffer) => `${(b.length / 1024).toFixed(1)} KiB`;
console.log(`main JPEG ${photo.width}x${photo.height}: ${kib(photo.main)}; 320 thumb JPEG: ${kib(photo.thumb)}`);
for (const v of photo.variants) {
  const name = v.file.kind === 'main' ? `main ${v.file.width ?? photo.width}w` : `thumb ${v.file.side}`;
  console.log(`  ${name.padEnd(14)} ${v.format.padEnd(5)} ${kib(v.data)}`);
}
const blurred = photo.censoredVariants.reduce((n, v) => n + v.data.length, 0);
console.log(`blurred variants: ${photo.censoredVariants.length} files, ${(blurred / 1024).toFixed(1)} KiB together`);
