// The WebAssembly reader (zxing-wasm's reader build): its .wasm is an asset of the catalog's build,
// served from the portal's own origin under `/remotes/catalog/<version>/static/media/`, never from
// the library's default CDN, which the Content-Security-Policy would refuse anyway (connect-src
// 'self'). Compiling it needs 'wasm-unsafe-eval' in script-src (decision 075).
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm';
import type { FrameReader } from './camera-reader';

const OPTIONS: ReaderOptions = {
  formats: ['DataMatrix', 'QRCode', 'EAN13', 'Code128'],
  // The element string as encoded, with GS for FNC1 separators (HRI would add brackets).
  textMode: 'Plain',
  tryHarder: true,
  maxNumberOfSymbols: 1,
};

/** Symbology identifiers of GS1 codes, kept in front of the text so the GS1 parser knows it is one. */
const GS1_SYMBOLOGIES = new Set([']d2', ']C1', ']Q3', ']e0']);

export async function createZxingFrameReader(): Promise<FrameReader> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, document.baseURI).href : prefix + path) },
    fireImmediately: true,
  });
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const [found] = await readBarcodes(context.getImageData(0, 0, canvas.width, canvas.height), OPTIONS);
    if (!found?.isValid) return null;
    return GS1_SYMBOLOGIES.has(found.symbologyIdentifier) ? found.symbologyIdentifier + found.text : found.text;
  };
}
