import { useEffect, useState } from 'react';
import { api } from '@/lib/api';
import { useAppDispatch } from '@/lib/store-hooks';
import { ALL_LIVE_TAGS, tagsForChange } from '../invalidation';
import type { LiveChange } from '../types';

export const LIVE_STREAM_URL = '/api/events/stream';

/**
 * Follows the signed-in user's live stream and invalidates what each change makes stale, so open screens
 * refetch on their own. EventSource reconnects by itself and sends Last-Event-ID, so the server replays
 * what a dropped connection missed; `reset` (too much missed) refreshes everything. Returns whether the
 * stream is up (`ready` seen, no error since).
 */
export function useLiveUpdates(signedIn: boolean): boolean {
  const dispatch = useAppDispatch();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_STREAM_URL, { withCredentials: true });
    let wasDown = false;
    source.addEventListener('ready', () => {
      setConnected(true);
      // Whatever was shown while the stream was down may be stale (polls stopped, changes replayed).
      if (wasDown) dispatch(api.util.invalidateTags(ALL_LIVE_TAGS));
      wasDown = false;
    });
    source.addEventListener('reset', () => {
      setConnected(true);
      dispatch(api.util.invalidateTags(ALL_LIVE_TAGS));
    });
    source.addEventListener('change', (e) => {
      const change = JSON.parse((e as MessageEvent<string>).data) as LiveChange;
      dispatch(api.util.invalidateTags(tagsForChange(change)));
    });
    source.onerror = () => {
      wasDown = true;
      setConnected(false);
    };
    return () => {
      source.close();
      setConnected(false);
    };
  }, [signedIn, dispatch]);
  return connected;
}
