/** A table row's last cell: Edit, then (when offered) the action that takes the row away. */
export function RowActions({
  edit,
  remove,
}: {
  edit: { label: string; onClick: () => void };
  remove?: { label: string; onClick: () => void };
}) {
  return (
    <td className="text-nowrap">
      <button type="button" className="btn btn-sm btn-outline-primary me-2" onClick={edit.onClick}>
        {edit.label}
      </button>
      {remove && (
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={remove.onClick}>
          {remove.label}
        </button>
      )}
    </td>
  );
}
