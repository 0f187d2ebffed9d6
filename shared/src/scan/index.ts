// `@portal/shared/scan`: scan to order without React (issue 42, decisions 075 and 082): the wedge
// scanner's detector, the one reading adapter (readScan, which loads the GS1 parser with the first
// scan) and the lookup-then-add path into the cart. Not a shared singleton and in no first-screen
// entry: each remote that scans bundles it into the lazy chunk of its scanning screen.
export { createWedgeDetector, isBurst, looksScanned, WEDGE, type WedgeDetector } from './wedge-detector';
export { readScan, type ScanReading } from './read-scan';
export { scanToCart, type ScanOutcome } from './scan-to-cart';
export { loadScanMessages } from './messages';
