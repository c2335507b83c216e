import { describe, expect, it } from 'vitest';
import { adminUserName } from '@/features/admin/shared/types';

describe('how the console names a person', () => {
  it('uses the name, else the e-mail, else the fallback', () => {
    expect(adminUserName({ name: 'Ana Marsh', email: 'ana@example.com', deletedAt: null }, 'Seller')).toBe('Ana Marsh');
    expect(adminUserName({ name: null, email: 'ana@example.com', deletedAt: null }, 'Seller')).toBe('ana@example.com');
    expect(adminUserName({ name: null, email: null, deletedAt: null }, 'Seller')).toBe('Seller');
  });

  it('names a closed account as deleted, since its name and e-mail are erased (issue 22)', () => {
    expect(adminUserName({ name: null, email: null, deletedAt: '2026-11-26T10:00:00.000Z' }, 'Seller')).toBe('Deleted account');
  });
});
