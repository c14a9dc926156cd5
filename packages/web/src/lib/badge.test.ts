import { describe, expect, it } from 'vitest';
import { fileActions, fileBadge } from './badge';

describe('fileBadge priority (SPEC §4)', () => {
  it.each([
    [{ status: 'archived', restoreStatus: 'completed' }, 'Available'],
    [{ status: 'completed', restoreStatus: 'completed' }, 'Available'],
    [{ status: 'archived', restoreStatus: 'in_progress' }, 'Restoring...'],
    [{ status: 'archived', restoreStatus: 'requested' }, 'Restoring...'],
    [{ status: 'archived', restoreStatus: null }, 'Archived'],
    [{ status: 'completed', restoreStatus: null }, 'Archived'],
    // Just converted: still in its download window.
    [{ status: 'completed', restoreStatus: null, availableUntil: '2099-01-01T00:00:00.000Z' }, 'Available'],
    [{ status: 'processing' }, 'Processing'],
    [{ status: 'failed' }, 'Failed'],
    [{ status: 'queued' }, 'queued'],
  ])('%o shows %s', (file, label) => {
    expect(fileBadge(file).label).toBe(label);
  });
});

describe('fileActions (SPEC §4)', () => {
  it('offers downloads for completed files and restore otherwise', () => {
    expect(fileActions({ status: 'completed' }).kind).toBe('download');
    expect(fileActions({ status: 'archived' })).toEqual({ kind: 'restore', restoreDisabled: false });
    expect(fileActions({ status: 'archived', restoreStatus: 'requested' }).restoreDisabled).toBe(true);
    expect(fileActions({ status: 'archived', restoreStatus: 'in_progress' }).restoreDisabled).toBe(true);
    expect(fileActions({ status: 'archived', restoreStatus: 'completed' }).kind).toBe('download');
  });
});
