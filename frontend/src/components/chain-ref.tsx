import { useEffect, useState } from 'react';
import { Box, Button, Code, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';
import { CHAIN_REF_NOUN, explorerLink, shortChainValue, type ChainRefKind } from '@/lib/explorer';

export interface ChainRefProps {
  kind: ChainRefKind;
  value: string | number | bigint;
  /** The whole value from the start (the auditor's page wants full addresses), not the shortened one. */
  full?: boolean;
  /** What the value is, spoken before it ("Escrow contract"); by default the kind ("Transaction", "Address"). */
  label?: string;
}

const LINK_NAME: Record<ChainRefKind, string> = { tx: 'Transaction', address: 'Address', block: 'Block', token: 'Token' };
/** How long the copy button shows its check mark. */
const COPIED_MS = 2000;

/**
 * A transaction hash, address or block as every screen shows one: shortened (the full value on hover and behind
 * the expand button), a copy button, and a link to the configured explorer's EIP-3091 page (the built-in
 * /explorer on a local chain, stays same-tab; a real network's explorer opens in a new tab). Without an
 * explorer the value is plain code.
 */
export function ChainRef({ kind, value, full = false, label }: ChainRefProps) {
  const text = String(value);
  const config = usePublicConfig();
  const [expanded, setExpanded] = useState(full);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const short = shortChainValue(kind, text);
  const shortened = short !== text;
  const shown = expanded ? text : short;
  const name = `${label ?? LINK_NAME[kind]} ${text}`;
  const noun = CHAIN_REF_NOUN[kind];
  const href = explorerLink(config?.explorerUrl, kind, text);
  const local = href ? sameOriginPath(href) : null;
  const valueStyle = { fontFamily: 'mono', fontSize: 'inherit', wordBreak: expanded ? 'break-all' : 'normal' } as const;

  return (
    <Box as="span" display="inline-flex" alignItems="center" gap="0.5" flexWrap={expanded ? 'wrap' : 'nowrap'} maxW="100%" data-chain-ref={kind}>
      {local ? (
        <Link asChild color="purple.700" title={text} aria-label={name} {...valueStyle}>
          <RouterLink to={local}>{shown}</RouterLink>
        </Link>
      ) : href ? (
        <ExternalLink href={href} color="purple.700" title={text} aria-label={name} {...valueStyle}>{shown}</ExternalLink>
      ) : (
        <Code title={text} aria-label={name} bg="transparent" px="0" {...valueStyle}>{shown}</Code>
      )}
      {shortened && !full && (
        <Button size="2xs" variant="ghost" minW="6" px="1" aria-label={`${expanded ? 'Hide' : 'Show'} full ${noun}`} aria-expanded={expanded}
          onClick={() => setExpanded((x) => !x)}>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            {/* Arrows apart: show the whole value; arrows together: shorten it again. */}
            {expanded ? <path d="M3 12h7M7 8l4 4-4 4M21 12h-7M17 8l-4 4 4 4" /> : <path d="M5 12h14M8 8l-4 4 4 4M16 8l4 4-4 4" />}
          </svg>
        </Button>
      )}
      <Button size="2xs" variant="ghost" minW="6" px="1" aria-label={copied ? `Copied ${noun}` : `Copy ${noun}`}
        onClick={() => void copyText(text).then(() => setCopied(true), () => setCopied(false))}>
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {copied ? <path d="M20 6L9 17l-5-5" /> : <><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></>}
        </svg>
      </Button>
      <Box as="span" srOnly role="status">{copied ? 'Copied' : ''}</Box>
    </Box>
  );
}

/** The in-app path of an explorer URL on this very origin (the built-in explorer), so it opens in the SPA. */
function sameOriginPath(href: string): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The clipboard API exists only in secure contexts (https, localhost); a phone on the LAN over http gets the
 * old execCommand copy instead of a button that does nothing.
 */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}
