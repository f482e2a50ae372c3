import { useState } from 'react';
import { Box, Button, Code, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { CopyButton } from '@/components/copy-button';
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
      <CopyButton value={text} noun={noun} />
    </Box>
  );
}

/** The in-app path of an explorer URL on this very origin (the built-in explorer), so it opens in the SPA. */
function sameOriginPath(href: string): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
