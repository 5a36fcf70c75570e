// Renders every artwork ref to PNG in a folder, plus a contact sheet of them all, and prints the
// render time of each: `npx tsx scripts/artwork-preview.ts /tmp/art [filter]`.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { artworkRefs, artworkSvg, renderArtwork } from './artwork';

const outDir = process.argv[2];
const filter = process.argv[3] ?? '';
if (!outDir) {
  console.error('usage: npx tsx scripts/artwork-preview.ts <output folder> [ref filter]');
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });

const THUMB = 240;
const tiles: { input: Buffer; name: string; height: number }[] = [];
const times: number[] = [];
const cpuTimes: number[] = [];
for (const ref of artworkRefs().filter((r) => r.includes(filter))) {
  const name = ref.replace(/:/g, '_');
  // CPU time as well as wall time: on a busy machine the wall time mostly measures the others.
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const webp = await renderArtwork(ref);
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  times.push(elapsed);
  cpuTimes.push(cpuMs);
  const { svg } = artworkSvg(ref);
  await sharp(webp.data)
    .png()
    .toFile(path.join(outDir, `${name}.png`));
  tiles.push({
    input: await sharp(webp.data).resize({ width: THUMB }).png().toBuffer(),
    name,
    height: Math.round((webp.height * THUMB) / webp.width),
  });
  console.log(
    `${ref.padEnd(28)} ${webp.width}x${webp.height} ${String(Math.round(elapsed)).padStart(4)} ms (cpu ${String(Math.round(cpuMs)).padStart(4)} ms)  ${(webp.data.length / 1024).toFixed(0).padStart(4)} kB webp  ${(svg.length / 1024).toFixed(1)} kB svg`,
  );
}

// Contact sheet: squares and stories on rows of eight.
const perRow = 8;
const gap = 8;
let y = gap;
const composites: sharp.OverlayOptions[] = [];
for (let i = 0; i < tiles.length; i += perRow) {
  const row = tiles.slice(i, i + perRow);
  row.forEach((tile, j) => composites.push({ input: tile.input, left: gap + j * (THUMB + gap), top: y }));
  y += Math.max(...row.map((t) => t.height)) + gap;
}
await sharp({
  create: { width: gap + perRow * (THUMB + gap), height: y, channels: 3, background: '#ffffff' },
})
  .composite(composites)
  .png()
  .toFile(path.join(outDir, 'contact-sheet.png'));
const summary = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return `median ${Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms`;
};
console.log(`${times.length} images; wall ${summary(times)}; cpu ${summary(cpuTimes)}`);
