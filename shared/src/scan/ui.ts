// `@portal/shared/scan/ui`: scan to order's React parts, for every screen that scans (quick order,
// the cart page; decision 082): the camera button and its dialog (a lazy chunk with the WebAssembly reader),
// what a scan came to as a live region, the scan texts' provider and the scan-to-cart mutation.
// Bundled by each remote into its scanning screen's lazy chunk, like `@portal/shared/scan`.
export { CameraScanButton, type CameraScanButtonProps } from './camera-scan-button';
export { CameraScanDialog } from './lazy-camera-scan-dialog';
export type { CameraScanDialogProps } from './camera-scan-dialog';
export { ScanOutcomeNotice } from './scan-outcome';
export { ScanMessages, type OwnScanMessages } from './scan-messages';
export { useScanToCart } from './use-scan-to-cart';
