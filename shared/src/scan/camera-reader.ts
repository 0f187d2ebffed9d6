// Reads codes from the camera's video (decision 075): the browser's own BarcodeDetector where it
// reads DataMatrix (Chrome on Android, macOS and ChromeOS, Safari 17+ on Apple), else ZXing-C++ in
// WebAssembly (zxing-wasm). Its JavaScript is in the camera dialog's chunk (one chunk fewer in the
// remote's chunk map, which every catalogue first screen downloads), loaded when a buyer opens the
// camera; its .wasm is fetched only where there is no native reader.
import { createZxingFrameReader } from './zxing-frame-reader';

/** What the camera dialog asks of a frame: the text of a code in it, or null. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The formats a hospital's boxes carry: GS1 DataMatrix, GS1 QR, EAN-13, GS1-128. */
const FORMATS = ['data_matrix', 'qr_code', 'ean_13', 'code_128'];

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector when it reads DataMatrix, else null. */
async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  const supported = await Detector.getSupportedFormats().catch(() => [] as string[]);
  if (!supported.includes('data_matrix')) return null;
  const detector = new Detector({ formats: FORMATS.filter((f) => supported.includes(f)) });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

/** The reader for this browser: native where it can, else the WebAssembly one (loaded now). */
export async function createFrameReader(): Promise<FrameReader> {
  const native = await nativeReader();
  if (native) return native;
  return createZxingFrameReader();
}
