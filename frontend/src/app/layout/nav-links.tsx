import { Link, Stack, type StackProps } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { ExternalLink } from '@/components/ui/external-link';
import { useAuth } from '@/lib/auth/auth-context';
import { usePublicConfig } from '@/lib/config/config-api';

const PUBLIC = [
  { to: '/', label: 'Home' },
  { to: '/tasks', label: 'Tasks' },
];
/** Pages of signed-in people: a visitor's nav does not offer them (they would only ask to sign in). */
const SIGNED_IN = [
  { to: '/dashboard', label: 'Dashboard' },
  // Every signed-in user can create tasks and so review their submissions; admins review all.
  { to: '/approvals', label: 'Approvals' },
];
const LEADERBOARD = { to: '/leaderboard', label: 'Leaderboard' };

/**
 * Spec part 2 "Navigation": Home, Tasks, Dashboard, Leaderboard, Chart and Buy Now (external); Dashboard and
 * Approvals only for signed-in people.
 */
export function NavLinks({ onNavigate, ...props }: StackProps & { onNavigate?: () => void }) {
  const config = usePublicConfig();
  const { user } = useAuth();
  const INTERNAL = [...PUBLIC, ...(user ? SIGNED_IN : []), LEADERBOARD];
  const linkStyle = { fontWeight: 'medium', color: 'gray.700', whiteSpace: 'nowrap', px: '2', py: '1', rounded: 'md', _hover: { color: 'purple.700', bg: 'purple.50' } };
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
