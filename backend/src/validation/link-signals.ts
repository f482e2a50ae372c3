/** Link checks that need no network: shape, host, and whether it is on a site the task names. */

/** Platforms a task names in words rather than by domain ("post on X", "star it on GitHub"). */
const PLATFORM_DOMAINS: Record<string, string[]> = {
  twitter: ['twitter.com', 'x.com'],
  tweet: ['twitter.com', 'x.com'],
  retweet: ['twitter.com', 'x.com'],
  github: ['github.com'],
  gitlab: ['gitlab.com'],
  youtube: ['youtube.com', 'youtu.be'],
  reddit: ['reddit.com'],
  medium: ['medium.com'],
  linkedin: ['linkedin.com'],
  telegram: ['t.me', 'telegram.org', 'telegram.me'],
  discord: ['discord.com', 'discord.gg'],
  instagram: ['instagram.com'],
  facebook: ['facebook.com', 'fb.com'],
  tiktok: ['tiktok.com'],
  substack: ['substack.com'],
  'dev.to': ['dev.to'],
};

/** Hosts nobody's real work lives on. */
const PLACEHOLDER_HOSTS = /^(localhost|example\.(com|org|net)|test\.com|foo\.(com|bar)|domain\.com|yoursite\.com|127\.\d+\.\d+\.\d+|0\.0\.0\.0)$/i;

const DOMAIN_RE = /\b((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:com|org|net|io|xyz|dev|app|gg|me|co|be|to|ai|finance|so|info))\b/gi;

export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '').replace(/^(mobile|m)\./, '');
}

/** Domains the task text names, directly ("x.com/cent") or as a platform ("on Twitter"). */
export function mentionedDomains(taskText: string): string[] {
  const out = new Set<string>();
  for (const m of taskText.matchAll(DOMAIN_RE)) out.add(m[1].toLowerCase().replace(/^www\./, ''));
  const lower = taskText.toLowerCase();
  for (const [word, domains] of Object.entries(PLATFORM_DOMAINS)) {
    if (new RegExp(`(^|[^a-z0-9])${word.replace('.', '\\.')}([^a-z0-9]|$)`).test(lower)) domains.forEach((d) => out.add(d));
  }
  // "post on X" / "thread on X": X the platform, not the letter.
  if (/\b(on|via|at)\s+x\b|\bx\s+(account|post|profile|thread|handle)/i.test(taskText)) ['x.com', 'twitter.com'].forEach((d) => out.add(d));
  return [...out].sort();
}

export function onDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

export type LinkProblem = 'malformed' | 'not_http' | 'placeholder' | 'no_tld' | 'home_page';

export interface LinkCheck {
  url: URL | null;
  host: string | null;
  problems: LinkProblem[];
}

export function checkLink(raw: string): LinkCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { url: null, host: null, problems: ['malformed'] };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url, host: null, problems: ['not_http'] };
  const host = hostOf(url);
  const problems: LinkProblem[] = [];
  if (PLACEHOLDER_HOSTS.test(host) || /\.(test|invalid|example|localhost)$/.test(host)) problems.push('placeholder');
  else if (!/\.[a-z]{2,}$/i.test(host) && !/^\d+\.\d+\.\d+\.\d+$/.test(host)) problems.push('no_tld');
  if ((url.pathname === '/' || url.pathname === '') && !url.search) problems.push('home_page');
  return { url, host, problems };
}

/** Comparable form of a link: scheme, www., trailing slash, fragment and tracking parameters dropped. */
export function normalizeLink(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim());
    for (const k of [...u.searchParams.keys()]) if (/^(utm_|ref$|s$|t$|si$|fbclid$)/i.test(k)) u.searchParams.delete(k);
    const q = u.searchParams.toString();
    return `${hostOf(u)}${u.pathname.replace(/\/+$/, '').toLowerCase()}${q ? `?${q}` : ''}`;
  } catch {
    return raw.trim().toLowerCase();
  }
}
