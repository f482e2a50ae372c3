/** A server-sent events client over real HTTP (Node fetch), like a browser's EventSource. */
export interface SseFrame {
  id: string | null;
  event: string;
  data: any;
}

export interface SseClient {
  status: number;
  frames: SseFrame[];
  /** The id of the last frame that carried one (what EventSource sends as Last-Event-ID). */
  lastEventId: string | null;
  /** Resolves with the first frame (from the start of the stream) matching `match` not yet taken. */
  next(match: (f: SseFrame) => boolean, what?: string, timeoutMs?: number): Promise<SseFrame>;
  comments: number;
  closed: Promise<void>;
  close(): void;
}

export async function openSse(baseUrl: string, cookie: string, lastEventId?: string): Promise<SseClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { Cookie: cookie, Accept: 'text/event-stream' };
  if (lastEventId) headers['Last-Event-ID'] = lastEventId;
  const res = await fetch(`${baseUrl}/api/events/stream`, { headers, signal: abort.signal });
  const frames: SseFrame[] = [];
  const taken = new Set<SseFrame>();
  const waiters: Array<() => void> = [];
  const client: SseClient = {
    status: res.status,
    frames,
    lastEventId: lastEventId ?? null,
    comments: 0,
    closed: Promise.resolve(),
    close: () => abort.abort(),
    next: (match, what = 'frame', timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
        const check = () => {
          const f = frames.find((x) => !taken.has(x) && match(x));
          if (!f) return false;
          taken.add(f);
          clearTimeout(timer);
          resolve(f);
          return true;
        };
        if (!check()) waiters.push(function w() {
          if (check()) waiters.splice(waiters.indexOf(w), 1);
        });
      }),
  };
  if (res.status !== 200 || !res.body) return client;
  client.closed = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: SseFrame = { id: null, event: 'message', data: null };
          let isComment = true;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            isComment = false;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') frame.id = value;
            else if (field === 'event') frame.event = value;
            else if (field === 'data') frame.data = JSON.parse(value);
          }
          if (isComment) {
            client.comments++;
            continue;
          }
          if (frame.id !== null) client.lastEventId = frame.id;
          if (frame.event === 'message' && frame.data === null) continue; // retry: only
          frames.push(frame);
          for (const w of [...waiters]) w();
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
