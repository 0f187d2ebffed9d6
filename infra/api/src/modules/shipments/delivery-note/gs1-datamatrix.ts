// A GS1 DataMatrix of a UDI element string (decision 070), drawn by bwip-js: it takes the
// human-readable form with the AIs in brackets, writes FNC1 first (the GS1 mode) and a separator after
// a variable-length AI followed by another, and checks the AIs it knows.
// The node build by name: the compiler resolves as a bundler does, without the 'node' condition.
import bwipjs from 'bwip-js/node';
import type { DataMatrixRenderer } from './delivery-note';

/** The code as a PNG, 4 pixels per module with the quiet zone GS1 asks for (one module). */
export const gs1DataMatrixPng: DataMatrixRenderer = (hri) => bwipjs.toBuffer({ bcid: 'gs1datamatrix', text: hri, scale: 4, padding: 4, backgroundcolor: 'FFFFFF' });
