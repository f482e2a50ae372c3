import { useEffect, useState } from 'react';
import { Box, Button } from '@chakra-ui/react';

/** How long the button shows its check mark. */
const COPIED_MS = 2000;

/** An icon button that copies `value`; says "Copied" to screen readers and shows a check mark for a moment. */
export function CopyButton({ value, noun }: { value: string; noun: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <>
      <Button size="2xs" variant="ghost" minW="6" px="1" aria-label={copied ? `Copied ${noun}` : `Copy ${noun}`}
        onClick={() => void copyText(value).then(() => setCopied(true), () => setCopied(false))}>
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {copied ? <path d="M20 6L9 17l-5-5" /> : <><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></>}
        </svg>
      </Button>
      <Box as="span" srOnly role="status">{copied ? 'Copied' : ''}</Box>
    </>
  );
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
