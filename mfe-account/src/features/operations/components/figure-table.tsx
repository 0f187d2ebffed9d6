// One table of the operations page: a caption that names it (and labels its scroll region), the
// column heads, and the rows; the rows' cards on a phone name each cell after its column.
import type { ReactNode } from 'react';
import { TableScroll } from '@portal/shared/ui';
import { CELL } from '../../../components/data-table';

export function FigureTable({ id, caption, headers, children }: { id: string; caption: ReactNode; headers: string[]; children: ReactNode }) {
  return (
    <TableScroll labelledBy={id} phoneCards>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <caption id={id} style={{ textAlign: 'start', paddingBlock: '0.5rem', fontWeight: 600 }}>
          {caption}
        </caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" style={CELL}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
