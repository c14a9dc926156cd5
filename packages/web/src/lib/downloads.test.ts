import type { FileRecord } from '@statemint/shared';
import { describe, expect, it } from 'vitest';
import { availableFormats, downloadUrl, EXTRA_CSV_PRESETS, formatUrl, withPreset } from './downloads';

const base: FileRecord = {
  id: 'abc',
  originalFilename: 'March.pdf',
  fileSize: 1,
  createdAt: '2025-01-01T00:00:00Z',
  status: 'completed',
  restoreStatus: null,
  restoreExpiresAt: null,
  transactionCount: 3,
  currency: 'USD',
  errorMessage: null,
  mode: 'free_trial',
  availableUntil: null,
  deleteAt: null,
  statementCount: 1,
  reconciliation: null,
  preview: null,
  errorCode: null,
  excelUrl: null,
  xlsxUrl: null,
  csvUrl: null,
  jsonUrl: null,
  xmlUrl: null,
  textUrl: null,
  htmlUrl: null,
  ofxUrl: null,
  qfxUrl: null,
  qboUrl: null,
  qifUrl: null,
  iifUrl: null,
};

describe('download URLs', () => {
  it('prefers the record’s URL fields, excelUrl as the xlsx fallback', () => {
    const f = { ...base, excelUrl: '/x/excel', csvUrl: '/x/csv', qifUrl: '/x/qif' };
    expect(formatUrl(f, 'xlsx')).toBe('/x/excel');
    expect(formatUrl({ ...f, xlsxUrl: '/x/xlsx' }, 'xlsx')).toBe('/x/xlsx');
    expect(availableFormats(f)).toEqual(['xlsx', 'csv', 'qif']);
    expect(downloadUrl(f, 'json', true)).toBeNull();
  });
  it('falls back to download-free for anonymous files without URL fields', () => {
    expect(downloadUrl(base, 'xlsx', true)).toBe('/api/download-free/abc?format=excel');
    expect(downloadUrl(base, 'csv', true)).toBe('/api/download-free/abc?format=csv');
    expect(downloadUrl(base, 'qif', true)).toBeNull();
    expect(downloadUrl(base, 'csv', false)).toBeNull();
  });
  it('asks for the simple and accounting CSV column sets by a preset parameter', () => {
    expect(EXTRA_CSV_PRESETS).toEqual(['simple', 'accounting']);
    expect(withPreset('/api/download-free/abc?format=csv', 'simple')).toBe(
      '/api/download-free/abc?format=csv&preset=simple',
    );
    expect(withPreset('/api/files/abc/download/csv?token=t', 'accounting')).toBe(
      '/api/files/abc/download/csv?token=t&preset=accounting',
    );
    expect(withPreset('/api/files/abc/download/csv', 'accounting')).toBe(
      '/api/files/abc/download/csv?preset=accounting',
    );
    expect(withPreset('/x?format=csv', 'standard')).toBe('/x?format=csv');
  });
});
