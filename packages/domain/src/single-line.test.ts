import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { agentProfileDetailsSchema } from './agent-profile.ts';
import { bankDetailsSchema } from './sale-validation.ts';
import { isSingleLine } from './single-line.ts';
import { nameField } from './validation.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('single-line fields (issue 19)', () => {
  it('sees every character a mail client breaks a line on', () => {
    for (const breakChar of ['\n', '\r', '\r\n', '\u0085', '\u2028', '\u2029']) expect(isSingleLine(`Tom${breakChar}Jerry`)).toBe(false);
    expect(isSingleLine('Tom & Jerry\tO’Brien')).toBe(true);
  });

  it('refuses a name over two lines, and keeps a name with spaces', () => {
    expect(firstMessage(z.safeParse(nameField, 'Sam Seller\nAgent: call 0400 000 000'))).toBe('Name must be on one line');
    expect(z.safeParse(nameField, '  Sam  Seller ').data).toBe('Sam  Seller');
  });

  it('refuses an agency name over two lines', () => {
    const profile = {
      profilePictureUserMediaId: 'p',
      bio: 'Bio',
      agencyLogoUserMediaId: 'l',
      agencyName: 'Harbour\nRealty',
      agencyBio: 'Agency bio',
    };
    expect(firstMessage(agentProfileDetailsSchema.safeParse(profile))).toBe('Agency name must be on one line');
    expect(agentProfileDetailsSchema.safeParse({ ...profile, agencyName: 'Harbour Realty' }).success).toBe(true);
  });

  it('refuses a bank account name over two lines rather than joining them', () => {
    const bank = { accountName: 'S Seller\r\nBSB 000-000', bsb: '062000', accountNumber: '12345678' };
    expect(firstMessage(bankDetailsSchema.safeParse(bank))).toBe('Account name must be on one line');
    expect(bankDetailsSchema.safeParse({ ...bank, accountName: 'S  Seller' }).data?.accountName).toBe('S Seller');
  });
});
