import { formatCent } from '@/lib/money';

/** The task's share link (`/tasks?id=`) and a tweet-intent URL with the title, the reward and that link. */
export function taskLink(origin: string, id: number): string {
  return `${origin}/tasks?id=${id}`;
}

export function tweetIntent(origin: string, task: { id: number; title: string; reward: number }): string {
  const text = `Earn ${formatCent(task.reward)} CENTS on CENT Tasks: ${task.title}`;
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url: taskLink(origin, task.id) })}`;
}
