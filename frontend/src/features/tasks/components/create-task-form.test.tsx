import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { CreateTaskForm } from './create-task-form';

const blurWith = (label: string, value: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('CreateTaskForm', () => {
  it('shows each spec message on blur, not before', async () => {
    renderWithApp(<CreateTaskForm onSubmit={async () => undefined} onCancel={() => undefined} />);
    expect(screen.queryByText('Maximum 100,000 CENTS')).toBeNull();
    blurWith('Reward (CENTS per completion)', '100001');
    await screen.findByText('Maximum 100,000 CENTS');
    blurWith('Max completions', '101');
    await screen.findByText('Maximum 100 completions');
    blurWith('Estimated time (minutes)', '481');
    await screen.findByText('Maximum 8 hours (480 minutes)');
    blurWith('Title', '');
    await screen.findByText('Title is required');
    blurWith('Deadline', '2020-01-01');
    await screen.findByText('Deadline must be in the future');
  });

  it('submits the typed values (with the defaults) once valid, and never when invalid', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithApp(<CreateTaskForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await screen.findByText('Description is required');
    expect(onSubmit).not.toHaveBeenCalled();
    blurWith('Title', 'Banner');
    blurWith('Description', 'Make a banner');
    blurWith('Requirements', 'PNG');
    fireEvent.click(screen.getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect((onSubmit.mock.calls[0] as unknown[])[0]).toMatchObject({
      title: 'Banner', category: 'Content', submissionType: 'text', reward: 50, maxCompletions: 5, estimatedTime: 30, isActive: true,
      reviewWithinHours: 72,
    });
  });
});
