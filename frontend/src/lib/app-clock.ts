import { useEffect, useState } from 'react';
import { api } from './api';

/**
 * The app's clock (GET /api/clock: max(server time, the chain's latest block time)), the one every review
 * deadline is decided on. The browser keeps the offset to its own clock and ticks every 30 s, so "time left"
 * agrees with the scheduler even when the chain's time was moved or the laptop's clock is off.
 */
const clockApi = api.injectEndpoints({
  endpoints: (build) => ({
    appClock: build.query<{ offsetMs: number }, void>({
      query: () => '/api/clock',
      transformResponse: (d: { now: string }) => ({ offsetMs: Date.parse(d.now) - Date.now() }),
    }),
  }),
});

export function useAppNow(tickMs = 30_000): Date {
  const { data } = clockApi.useAppClockQuery(undefined, { pollingInterval: 5 * 60_000 });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), tickMs);
    return () => clearInterval(t);
  }, [tickMs]);
  void tick;
  return new Date(Date.now() + (data?.offsetMs ?? 0));
}
