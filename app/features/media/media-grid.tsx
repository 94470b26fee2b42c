import type { MediaItem } from '../../../common/schemas/media';
import { mediaName, useMediaCopy } from './use-media-copy';

/**
 * Uploads as a grid of pictures (the library page and the picker). Each is one button named by
 * `label(name)` ("Details of beach.jpg", "Choose beach.jpg"); the card shows the smallest
 * variant, the file name, the size and whether anything uses it.
 */
export function MediaGrid({
  items,
  label,
  onSelect,
}: {
  items: MediaItem[];
  label: (name: string) => string;
  onSelect: (item: MediaItem) => void;
}) {
  const { m } = useMediaCopy();
  return (
    <ul className="row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-3 list-unstyled mb-3">
      {items.map((item) => {
        const name = mediaName(item, m.unnamed);
        return (
          <li key={item._id} className="col">
            <button
              type="button"
              className="card h-100 w-100 p-0 text-start media-card"
              aria-label={label(name)}
              onClick={() => onSelect(item)}
            >
              <img
                src={item.thumbnailUrl}
                alt=""
                loading="lazy"
                className="card-img-top bg-light"
                style={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
              />
              <span className="card-body p-2 small d-block w-100">
                <span className="d-block text-truncate fw-semibold">{name}</span>
                <span className="d-block text-body-secondary">
                  {item.width}×{item.height} · {m.types[item.type]}
                </span>
                <span
                  className={`badge ${item.usedBy.length ? 'text-bg-success' : 'text-bg-secondary'}`}
                >
                  {item.usedBy.length ? m.usedCount(item.usedBy.length) : m.notUsed}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
