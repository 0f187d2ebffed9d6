// The shape of one row of GS1's Barcode Syntax Dictionary, as shared/scripts/gs1-table.mjs writes it.

/** A component of an AI's data field: [type, min length, max length, optional, linter names]. */
export type AiComponent = readonly ['N' | 'X' | 'Y' | 'Z', number, number, boolean, readonly string[]];

/** One dictionary entry: a solitary AI (`to` equal to `ai`) or a range such as 3100-3105. */
export interface AiRow {
  ai: string;
  to: string;
  /** Flag `*`: predefined length, never followed by a GS separator. */
  fixed: boolean;
  /** Flag `?`: allowed as a GS1 Digital Link data attribute (query parameter). */
  dl: boolean;
  spec: readonly AiComponent[];
  /** Each `req=` key: alternatives, each a list of AIs or patterns (`31nn`) that must all be present. */
  req: readonly (readonly (readonly string[])[])[];
  /** `ex=`: AIs or patterns that must not appear beside this one. */
  ex: readonly string[];
  /** `dlpkey`: a Digital Link primary key, with its allowed qualifier sequences (`[[]]` for none). */
  dlpkey: readonly (readonly string[])[] | null;
  title: string;
}
