import { describe, expect, it } from 'vitest';
import { taskStatusBadge } from './task-status';

describe('a created task\'s status badge', () => {
  it('reads "Awaiting funding" for an unfunded task, active or not, with a Fund action', () => {
    expect(taskStatusBadge({ isActive: true, fundingStatus: 'awaiting_funding' }, 'Inactive')).toEqual({ label: 'Awaiting funding', palette: 'orange', needsFunding: true });
    expect(taskStatusBadge({ isActive: false, funding: { status: 'awaiting_funding' } }, 'Closed').label).toBe('Awaiting funding');
    expect(taskStatusBadge({ isActive: true, fundingStatus: 'funding_anomaly' }, 'Closed')).toMatchObject({ label: 'Awaiting funding', needsFunding: true });
    // The agreed funding object wins over the older flat field.
    expect(taskStatusBadge({ isActive: true, fundingStatus: 'awaiting_funding', funding: { status: 'funded' } }, 'Inactive').label).toBe('Active');
  });

  it('keeps the spec words for funded tasks: Active / Inactive (dashboard), Active / Closed (admin)', () => {
    expect(taskStatusBadge({ isActive: true, fundingStatus: 'funded' }, 'Inactive')).toEqual({ label: 'Active', palette: 'green', needsFunding: false });
    expect(taskStatusBadge({ isActive: false, fundingStatus: 'funded' }, 'Inactive').label).toBe('Inactive');
    expect(taskStatusBadge({ isActive: false, fundingStatus: 'funded' }, 'Closed').label).toBe('Closed');
    expect(taskStatusBadge({ isActive: true }, 'Closed').label).toBe('Active');
    expect(taskStatusBadge({ isActive: true, fundingStatus: 'refunded' }, 'Closed').label).toBe('Refunded');
  });
});
