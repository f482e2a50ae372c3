import { Link, type LinkProps } from '@chakra-ui/react';

/** A link that leaves the site: new tab, no opener, no referrer, no endorsement. */
export function ExternalLink(props: LinkProps) {
  return <Link target="_blank" rel="noopener noreferrer nofollow" {...props} />;
}
