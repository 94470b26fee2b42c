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

/** The back office's striped, scrollable table; `empty` is shown as one row when nothing is. */
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
      <table className="table table-striped align-middle bg-white">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty !== undefined ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={row._id}>
                {columns.map((c) => (
                  <td key={c.header} className={c.className}>
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
