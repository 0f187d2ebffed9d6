// Whether a value may reach a uuid column: SQL's cast fails (a 500) on anything else. Route schemas
// refuse such ids already (UuidSchema); this guards values that come from elsewhere, such as a
// payment provider's metadata or an id read back from a stored draft.
import * as v from 'valibot';

const Uuid = v.pipe(v.string(), v.uuid());

export const isUuid = (value: string): boolean => v.is(Uuid, value);
