import type { ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../common/articles';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  className?: string;
}

/** SPEC.md §2's S.No.: (page − 1) × 10 + index + 1. */
export const serialNumber = (page: number, index: number) =>
  (page - 1) * ADMIN_PAGE_SIZE + index + 1;

/**
 * The back office's striped table; `empty` is shown as one row when nothing is. Below the md
 * breakpoint each row becomes a card whose cells are labelled with their column's header
 * (app.css `.data-table`), so a phone reaches every action without scrolling sideways (issue
 * 14 item 2); from md up it is a table, scrolling inside its own box if it must. The roles are
 * spelled out because a table laid out as blocks loses them in some browsers.
 */
export function DataTable<T extends { _id: string }>({
  columns,
  rows,
  empty,
}: {
  columns: Column<T>[];
  rows: T[];
  empty?: string;
}) {
  return (
    <div className="table-responsive">
      <table role="table" className="table table-striped align-middle bg-white data-table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th role="columnheader" scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 && empty !== undefined ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr role="row" key={row._id}>
                {columns.map((c) => (
                  <td role="cell" key={c.header} className={c.className} data-label={c.header}>
                    {c.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
