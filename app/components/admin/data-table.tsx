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
 * 14 item 2); from md up it is a table, scrolling inside its own box if it must. No ARIA roles
 * on its parts: HTML forbids a role on the rows and cells of a table that is exposed as one
 * (ARIA in HTML, which the Nu HTML checker enforces: issue 22 item 4), and the browser tests
 * find its rows and cells by role at a phone's width too (tests/e2e/admin-validators.spec.ts).
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
      <table className="table table-striped align-middle bg-white data-table">
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
                  <td key={c.header} className={c.className} data-label={c.header}>
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
