// A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a GS1 DataMatrix drawn
// by bwip-js, written as Y4M (a text header, then raw I420 frames), which Chromium plays in a loop.
// No encoder needed: each frame is the code's modules as black squares on white.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';

const WIDTH = 320;
const HEIGHT = 240;
/** Pixels per module: a 14 × 14 symbol is 140 px, well inside the frame with its quiet zone. */
const MODULE = 10;
const FRAMES = 5;

/**
 * Writes a Y4M of a GS1 DataMatrix carrying `elementString` in GS1's bracketed form (`(01)0540…`)
 * and answers its path.
 */
export function dataMatrixVideo(elementString: string, name: string): string {
  const [symbol] = bwipjs.raw({ bcid: 'gs1datamatrix', text: elementString }) as { pixs: number[]; pixx: number; pixy: number }[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${elementString}`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - symbol.pixx * MODULE) / 2);
  const top = Math.floor((HEIGHT - symbol.pixy * MODULE) / 2);
  for (let row = 0; row < symbol.pixy; row++) {
    for (let col = 0; col < symbol.pixx; col++) {
      if (!symbol.pixs[row * symbol.pixx + col]) continue;
      for (let y = 0; y < MODULE; y++) luma.fill(16, (top + row * MODULE + y) * WIDTH + left + col * MODULE, (top + row * MODULE + y) * WIDTH + left + (col + 1) * MODULE);
    }
  }
  // No colour: both chroma planes at their middle value.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const dir = join(tmpdir(), 'portal-e2e-scan');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}
