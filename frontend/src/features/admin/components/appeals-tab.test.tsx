import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import type { OpenAppeal } from '../api';
import { AppealsList, secondsLeft } from './appeals-tab';

const appeal: OpenAppeal = {
  submissionId: 12, taskId: 4, taskTitle: 'Write a thread', taskCreatorId: 3, userId: 7, username: 'alice', message: 'The link is in the text',
  rejection: 'No link', appealedAt: '2026-11-20T10:00:00.000Z', decideBy: '2026-11-27T10:00:00.000Z', timeLeftSeconds: 26 * 3600 + 120,
};

describe('admin appeals queue (issue 22)', { timeout: 30_000 }, () => {
  it('says the time left', () => {
    expect(secondsLeft(26 * 3600 + 120)).toBe('1 day 2 hours left');
    expect(secondsLeft(35 * 60)).toBe('35 minutes left');
    expect(secondsLeft(0)).toBe('no time left');
  });

  it('lists each appeal with the rejection, the message and the time left; declining needs a reason, overturning does not', async () => {
    const onDecide = vi.fn();
    renderWithApp(<AppealsList items={[appeal]} busy={false} onDecide={onDecide} />);
    const card = within(await screen.findByRole('list', { name: 'Open appeals' }));
    expect(card.getByText('Write a thread · submission #12')).toBeTruthy();
    expect(card.getByText('1 day 2 hours left')).toBeTruthy();
    expect(card.getByText('No link')).toBeTruthy();
    expect(card.getByText('The link is in the text')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Decline (uphold rejection)' }));
    expect(card.getByText('A reason is required to decline an appeal.')).toBeTruthy();
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.change(card.getByLabelText('Reason for submission #12'), { target: { value: 'Off topic' } });
    fireEvent.click(card.getByRole('button', { name: 'Decline (uphold rejection)' }));
    expect(onDecide).toHaveBeenLastCalledWith(appeal, 'upheld', 'Off topic');
    fireEvent.click(card.getByRole('button', { name: 'Overturn (approve & pay)' }));
    expect(onDecide).toHaveBeenLastCalledWith(appeal, 'overturned', 'Off topic');
  });

  it('says when there is nothing to decide', () => {
    renderWithApp(<AppealsList items={[]} busy={false} onDecide={() => undefined} />);
    expect(screen.getByText('No open appeals.')).toBeTruthy();
  });
});
