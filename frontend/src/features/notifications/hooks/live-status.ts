import { createContext, useContext } from 'react';

/** Whether this browser's live stream (GET /api/events/stream) is connected right now. */
export const LiveStatusContext = createContext<boolean>(false);

/** True while the stream is up: screens that poll (approvals, every 5 s) stop polling then. */
export function useLiveConnected(): boolean {
  return useContext(LiveStatusContext);
}
