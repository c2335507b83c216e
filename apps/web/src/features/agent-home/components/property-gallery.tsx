/**
 * The request page's media gallery: the chosen photo, floor plan or video large, thumbnails to choose from,
 * the counts of photos, floor plans and videos, and the request's status badge.
 */
import { useState } from 'react';
import { cx } from '@/components/cx';
import type { PropertyMediaItem } from '@/features/agent-home/api/appraisal-requests';
import { PropertyPlaceholder } from '@/features/agent-home/components/property-placeholder';

interface PropertyGalleryProps {
  photos: PropertyMediaItem[];
  floorplans: PropertyMediaItem[];
  videos: PropertyMediaItem[];
  badge: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function PropertyGallery({ photos, floorplans, videos, badge }: PropertyGalleryProps) {
  const items = [...photos, ...floorplans, ...videos];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = items.find((m) => m.id === selectedId) ?? items[0] ?? null;
  const labelOf = (item: PropertyMediaItem) => {
    const list = item.type === 'PHOTO' ? photos : item.type === 'FLOOR_PLAN' ? floorplans : videos;
    const kind = item.type === 'PHOTO' ? 'Photo' : item.type === 'FLOOR_PLAN' ? 'Floor plan' : 'Video';
    return `${kind} ${list.indexOf(item) + 1}`;
  };

  return (
    <section aria-label="Property media" className="flex flex-col gap-3">
      <div className="relative aspect-[16/10] overflow-hidden rounded-xl bg-surface">
        {!selected ? (
          <PropertyPlaceholder />
        ) : selected.type === 'VIDEO' ? (
          selected.userMedia.url ? (
            <video
              key={selected.id}
              src={selected.userMedia.url}
              poster={selected.userMedia.thumbnailUrl ?? undefined}
              controls
              className="size-full bg-slate-900 object-contain"
              aria-label={labelOf(selected)}
            />
          ) : (
            <p className="flex size-full items-center justify-center text-ink-soft">Proccessing video...</p>
          )
        ) : (
          <img
            src={selected.userMedia.url ?? selected.userMedia.thumbnailUrl ?? undefined}
            alt={labelOf(selected)}
            className={cx('size-full', selected.type === 'FLOOR_PLAN' ? 'bg-white object-contain' : 'object-cover')}
          />
        )}
        {badge && (
          <span className="absolute top-3 left-3 rounded-full bg-white px-3 py-1 text-sm font-semibold text-ink shadow">{badge}</span>
        )}
        <p className="absolute right-3 bottom-3 rounded-full bg-slate-950/75 px-3 py-1 text-sm font-medium text-white">
          {plural(photos.length, 'photo', 'photos')} · {plural(floorplans.length, 'floor plan', 'floor plans')} ·{' '}
          {plural(videos.length, 'video', 'videos')}
        </p>
      </div>
      {items.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {items.map((item) => (
            <li key={item.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelectedId(item.id)}
                aria-pressed={item.id === selected?.id}
                aria-label={`Show ${labelOf(item)}`}
                className={cx(
                  'block size-20 overflow-hidden rounded-lg border-2 bg-surface',
                  item.id === selected?.id ? 'border-brand-800' : 'border-transparent',
                )}
              >
                {item.userMedia.thumbnailUrl ? (
                  <img src={item.userMedia.thumbnailUrl} alt="" className="size-full object-cover" />
                ) : (
                  <span className="flex size-full items-center justify-center text-xs text-ink-soft">{labelOf(item)}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
