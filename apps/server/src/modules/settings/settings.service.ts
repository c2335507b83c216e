import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_STATIC_CASHBACK_AMOUNT_DOLLARS, DEFAULT_TOTAL_FREE_TRIALS_ALLOWED, LEAD_FEE_DOLLARS } from '@listwise/domain/constants';
import type { ListwiseFees } from '@listwise/domain/disclosure';
import { SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS, withGstCents } from '@listwise/domain/payments';
import { centsToDollars, dollarsToCents } from '@listwise/domain/pricing';
import type { Tx } from '../../db/client.ts';
import { appSettings } from '../../db/schema/platform.ts';

/** Operator-editable settings with their defaults (PRODUCT.md). Stored as JSON under a key. */
export const SETTING_DEFAULTS = {
  staticCashbackAmountCents: dollarsToCents(DEFAULT_STATIC_CASHBACK_AMOUNT_DOLLARS),
  totalFreeTrialsAllowed: DEFAULT_TOTAL_FREE_TRIALS_ALLOWED,
  /** The lead fee before GST: what agents are charged on a confirmed sale and what sellers are told they pay. */
  leadFeeExcludingGstCents: dollarsToCents(LEAD_FEE_DOLLARS),
  /** 1: payout ABA files end with a balancing debit from Listwise's account, for banks that need one; 0: credits only. */
  abaBalancingRecord: 0,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;

export async function getSetting(db: Tx, key: SettingKey): Promise<number> {
  const row = await db.query.appSettings.findFirst({ where: eq(appSettings.key, key) });
  return row ? Number(row.value) : SETTING_DEFAULTS[key];
}

/** Several settings in one read: each its stored value, or its default. */
export async function getSettings<K extends SettingKey>(db: Tx, keys: readonly K[]): Promise<Record<K, number>> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, [...keys]));
  const stored = new Map(rows.map((row) => [row.key, Number(row.value)]));
  return Object.fromEntries(keys.map((key) => [key, stored.get(key) ?? SETTING_DEFAULTS[key]])) as Record<K, number>;
}

export async function setSetting(db: Tx, key: SettingKey, value: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

/** The lead fee as charged and as disclosed: one setting, GST added once here. */
export async function getLeadFee(db: Tx): Promise<LeadFee> {
  return leadFeeOf(await getSetting(db, 'leadFeeExcludingGstCents'));
}

interface LeadFee {
  excludingGstCents: number;
  includingGstCents: number;
}

const leadFeeOf = (excludingGstCents: number): LeadFee => ({ excludingGstCents, includingGstCents: withGstCents(excludingGstCents) });

/**
 * What agents pay Listwise, as the seller-facing disclosure states it (`describeHowListwiseMakesMoney`): the lead fee
 * from its setting, the suburb subscription from the price the subscription charges use (configuration, spec s 9).
 */
export async function getListwiseFees(db: Tx): Promise<ListwiseFees> {
  return listwiseFeesFrom(await getSettings(db, LISTWISE_FEE_SETTINGS));
}

/** The settings the disclosure of fees is made from: read with a page's other settings, in one statement. */
export const LISTWISE_FEE_SETTINGS = ['leadFeeExcludingGstCents', 'totalFreeTrialsAllowed'] as const;

/** The disclosure of fees from its settings as read (`LISTWISE_FEE_SETTINGS`). */
export function listwiseFeesFrom(settings: Record<(typeof LISTWISE_FEE_SETTINGS)[number], number>): ListwiseFees {
  const leadFee = leadFeeOf(settings.leadFeeExcludingGstCents);
  return {
    suburbSubscriptionAnnualPriceDollars: centsToDollars(SUBURB_SUBSCRIPTION_ANNUAL_PRICE_CENTS),
    totalFreeTrialsAllowed: settings.totalFreeTrialsAllowed,
    leadFeeExcludingGstDollars: centsToDollars(leadFee.excludingGstCents),
    leadFeeIncludingGstDollars: centsToDollars(leadFee.includingGstCents),
  };
}
