import { Fragment } from 'react';
import { ExternalLink } from './ui/external-link';

const URL_RE = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Text whose http(s) URLs become external links (rel="noopener noreferrer nofollow"); nothing else is HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <ExternalLink key={i} href={part} color="purple.700" textDecoration="underline" wordBreak="break-all" onClick={(e) => e.stopPropagation()}>
            {part}
          </ExternalLink>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
