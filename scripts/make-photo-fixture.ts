// Writes the test photo: a 1600x1200 JPEG with EXIF orientation 6, camera, artist and GPS tags (Amsterdam).
// `npx node scripts/make-photo-fixture.ts server/test/fixtures/gps-photo.jpg`
import sharp from 'sharp';
const w = 1600,
  h = 1200;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e4405f"/><stop offset="1" stop-color="#1d2b4f"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="800" cy="520" r="260" fill="#f6d5b8"/><circle cx="720" cy="470" r="30" fill="#222"/><circle cx="880" cy="470" r="30" fill="#222"/><path d="M690 620 Q800 720 910 620" stroke="#7a2d2d" stroke-width="18" fill="none"/><text x="60" y="1140" font-size="64" fill="#fff" font-family="sans-serif">Amora test photo</text></svg>`;
const buf = await sharp(Buffer.from(svg))
  .jpeg({ quality: 85 })
  .withMetadata({ orientation: 6 })
  .withExif({
    IFD0: { Make: 'AmoraCam', Model: 'Test 1', Orientation: '6', Artist: 'Secret Person' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '52/1 22/1 2646/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '4/1 53/1 5400/100',
    },
  })
  .toBuffer();
await (await import('node:fs/promises')).writeFile(process.argv[2], buf);
const m = await sharp(buf).metadata();
console.log(m.width, m.height, m.orientation, m.exif?.length, buf.includes('GPS'), buf.length);
