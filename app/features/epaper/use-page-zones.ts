/*
 * The desk's boxes of one page through the API (issue 68 item 1): listed, saved (drawn or
 * changed), deleted, and the boxes Tesseract's layout suggests, accepted one by one or all.
 * The titles of linked stories are read once each, to name them in the form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type {
  EpaperBox,
  EpaperZone,
  EpaperZoneSuggestions,
} from '../../../common/schemas/epaper-zones';
import type { EpaperZoneKind } from '../../../common/epaper';
import type { EpaperZoneDeskCopy } from '../../copy/epaper-zone-desk';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import type { ZoneDraft } from './epaper-zone-form';

export type Suggestion = { box: EpaperBox; kind: EpaperZoneKind };

/** Linked stories' titles, each read once (a ref, so that reading them does not load again). */
function useStoryTitles() {
  const known = useRef(new Map<string, string>());
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(known.current);
  const name = useCallback((entries: [string, string][]) => {
    for (const [id, title] of entries) known.current.set(id, title);
    setTitles(new Map(known.current));
  }, []);
  const unnamed = useCallback(
    (ids: (string | null)[]) =>
      [...new Set(ids)].filter((id): id is string => !!id && !known.current.has(id)),
    [],
  );
  return { titles, name, unnamed };
}

export function usePageZones(pageId: string, w: EpaperZoneDeskCopy) {
  const ui = useAdminInterface();
  const url = `/api/epaper/pages/${pageId}/zones`;
  const [zones, setZones] = useState<EpaperZone[]>([]);
  const { titles, name, unnamed } = useStoryTitles();
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = useCallback((error: unknown) => toast.error(ui.say(saidOf(error))), [ui]);

  const load = useCallback(async () => {
    const { zones: listed } = await adminApi<{ zones: EpaperZone[] }>(url);
    setZones(listed);
    const missing = unnamed(listed.map((z) => z.storyId));
    if (missing.length === 0) return;
    name(
      await Promise.all(
        missing.map((id) =>
          adminApi<{ name: string }>(`/api/articles/article/${id}`).then(
            (a): [string, string] => [id, a.name],
            (): [string, string] => [id, id],
          ),
        ),
      ),
    );
  }, [url, name, unnamed]);

  useEffect(() => {
    load().catch(failed);
  }, [load, failed]);

  const act = async (work: () => Promise<void>, done?: string) => {
    setBusy(true);
    try {
      await work();
      await load();
      if (done) toast.success(done);
      return true;
    } catch (error) {
      failed(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const save = (draft: ZoneDraft) =>
    act(async () => {
      const body = { box: draft.box, kind: draft.kind, storyId: draft.story?._id ?? null };
      await adminApi(draft._id ? `${url}/${draft._id}` : url, {
        method: draft._id ? 'PUT' : 'POST',
        body,
      });
      if (draft.story) name([[draft.story._id, draft.story.name]]);
    }, w.saved);

  const remove = (zoneId: string) =>
    act(() => adminApi(`${url}/${zoneId}`, { method: 'DELETE' }).then(() => {}), w.removed);

  const suggest = () =>
    act(async () => {
      const answer = await adminApi<EpaperZoneSuggestions>(`${url}/suggested`);
      setSuggestions(answer.suggestions);
      (answer.read ? toast.info : toast.warning)(
        answer.read ? w.suggested(answer.suggestions.length) : w.notRead,
      );
    });

  const accept = (chosen: Suggestion[]) =>
    act(async () => {
      for (const s of chosen) {
        await adminApi(url, { method: 'POST', body: { box: s.box, kind: s.kind } });
        setSuggestions((left) => left?.filter((x) => x !== s) ?? null);
      }
    }, w.accepted(chosen.length));

  return { zones, titles, suggestions, busy, save, remove, suggest, accept };
}
