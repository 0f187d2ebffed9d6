// The catalogue's side of the supplier's imports (decision 039): handed to the imports module by the
// composition root.
import type { CatalogueImportPort } from '../contract';
import { importProducts } from './catalogue-import';
import { importContractPrices } from './contract-price-import';
import { putProductImage } from './image-import';
import { importStock } from './stock-import';

export const catalogueImport: CatalogueImportPort = { products: importProducts, stock: importStock, contractPrices: importContractPrices, productImage: putProductImage };
