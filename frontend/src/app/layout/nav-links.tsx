import { Link, Stack, type StackProps } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';

const INTERNAL = [
  { to: '/', label: 'Home' },
  { to: '/tasks', label: 'Tasks' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/leaderboard', label: 'Leaderboard' },
];

/** Spec part 2 "Navigation": Home, Tasks, Dashboard, Leaderboard, Chart and Buy Now (external). */
export function NavLinks({ onNavigate, ...props }: StackProps & { onNavigate?: () => void }) {
  const config = usePublicConfig();
  const linkStyle = { fontWeight: 'medium', color: 'gray.700', px: '2', py: '1', rounded: 'md', _hover: { color: 'purple.700', bg: 'purple.50' } };
  return (
    <Stack as="ul" listStyleType="none" {...props}>
      {INTERNAL.map((l) => (
        <li key={l.to}>
          <Link asChild {...linkStyle} css={{ '&.active': { color: 'purple.700' } }}>
            <NavLink to={l.to} end={l.to === '/'} onClick={onNavigate}>
              {l.label}
            </NavLink>
          </Link>
        </li>
      ))}
      <li>
        <ExternalLink href={config?.links.chart ?? '#'} {...linkStyle}>
          Chart
        </ExternalLink>
      </li>
      <li>
        <ExternalLink href={config?.links.buy ?? '#'} {...linkStyle}>
          Buy Now
        </ExternalLink>
      </li>
    </Stack>
  );
}
