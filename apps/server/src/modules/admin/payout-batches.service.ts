import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { operatorReasonSchema } from '@listwise/domain/sale-validation';
import { abaProcessingDate } from '@listwise/domain/aba-file';
import { calendarDateIn, LISTWISE_TIME_ZONE } from '@listwise/domain/time-zones';
import type { Tx } from '../../db/client.ts';
import {
  cashbackClaims,
  cashbackPayoutBatchClaims,
  cashbackPayoutBatches,
  cashbackPayoutBatchFiles,
  type PayoutBatchFormat,
  type CashbackClaimRow,
} from '../../db/schema/sales.ts';
import type { Deps } from '../../deps.ts';
import type { UserRow } from '../../graphql/context.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { parseInput } from '../../lib/parse-input.ts';
import {
  pageSize,
  type Connection,
  afterCursor,
  keyedConnection,
  keyOf,
  newestFirst,
  timeCursor,
  type PageArgs,
} from '../../lib/pagination.ts';
import { decryptBankField, encryptBankField } from '../sales/bank-details.ts';
import { findClaimsByIds, findPayableClaims, payoutsAsAba, payoutsAsCsv, type PayableClaim } from '../sales/cashback-payouts.ts';
import { emailSellerCashbackPaid } from '../sales/cashback.service.ts';
import { getSetting } from '../settings/settings.service.ts';
import { recordAdminAction } from '../audit/record-admin-action.ts';
import { theRow } from '../../lib/rows.ts';
import { checkPayoutPassword } from './payout-password.ts';

/**
 * Payout batches (docs/decisions/0010): 'Download ABA file' (or the CSV) makes a batch of the claims that
 * are PAYABLE, and so in no batch, and makes them IN_PAYOUT in the same transaction: a second download (another
 * operator, a retried upload) finds nothing new to pay instead of paying the same sellers twice. Batches are made
 * one at a time (a transaction-scoped advisory lock), and a partial unique index keeps a claim in at most one batch
 * that has not returned it. The files are stored sealed like the bank details they hold, so downloading a batch
 * again gives the same bytes, whose SHA-256 the batch records, for as long as the batch still pays the same claims
 * on a processing date not yet past (else the file is made again: downloadCashbackPayoutBatch). The operator marks the batch paid (each seller
 * e-mailed) or returns a claim the bank rejected to PAYABLE, for a later batch.
 */

export type PayoutBatchRow = typeof cashbackPayoutBatches.$inferSelect;
export type PayoutBatchClaimRow = typeof cashbackPayoutBatchClaims.$inferSelect;
export type PayoutFileFormat = PayoutBatchFormat;

export interface PayoutFile {
  /** The batch's id: the audit log names the download by it. */
  id: string;
  format: PayoutFileFormat;
  fileName: string;
  contentType: string;
  content: string;
  claimIds: string[];
  totalCents: number;
  checksum: string;
}

const CONTENT_TYPES: Record<PayoutFileFormat, string> = { ABA: 'text/plain', CSV: 'text/csv' };
const sha256 = (content: string) => crypto.createHash('sha256').update(content, 'utf8').digest('hex');
const fileNameOf = (batch: Pick<PayoutBatchRow, 'id' | 'processingDate'>, format: PayoutFileFormat) =>
  `listwise-cashback-${batch.processingDate}-${batch.id.slice(0, 8)}.${format === 'ABA' ? 'aba' : 'csv'}`;
const sealedFieldOf = (format: PayoutFileFormat) => `payoutFile:${format}` as const;

// ——— Files ———

function buildFile(
  deps: Deps,
  batch: Pick<PayoutBatchRow, 'id' | 'processingDate' | 'abaBalancingRecord'>,
  format: PayoutFileFormat,
  claims: readonly PayableClaim[],
): PayoutFile {
  const payer = deps.config.payoutAccount;
  if (format === 'ABA' && !payer) throw new AppError('payout_account_not_configured');
  const content =
    format === 'ABA'
      ? payoutsAsAba(payer!, claims, batch.processingDate, { balancingRecord: batch.abaBalancingRecord })
      : payoutsAsCsv(claims);
  return {
    id: batch.id,
    format,
    fileName: fileNameOf(batch, format),
    contentType: CONTENT_TYPES[format],
    content,
    claimIds: claims.map((c) => c.claimId),
    totalCents: claims.reduce((sum, c) => sum + c.amountCents, 0),
    checksum: sha256(content),
  };
}

const storeFile = (deps: Deps, tx: Tx, file: PayoutFile, now: Date) =>
  tx
    .insert(cashbackPayoutBatchFiles)
    .values({
      batchId: file.id,
      format: file.format,
      fileName: file.fileName,
      contentEncrypted: encryptBankField(deps.config.appSecret, file.id, sealedFieldOf(file.format), file.content),
      checksum: file.checksum,
      claimIds: file.claimIds,
      totalCents: file.totalCents,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ batchId: cashbackPayoutBatchFiles.batchId });

const openFile = (deps: Deps, row: typeof cashbackPayoutBatchFiles.$inferSelect): PayoutFile => ({
  id: row.batchId,
  format: row.format,
  fileName: row.fileName,
  contentType: CONTENT_TYPES[row.format],
  content: decryptBankField(deps.config.appSecret, row.batchId, sealedFieldOf(row.format), row.contentEncrypted),
  claimIds: row.claimIds,
  totalCents: row.totalCents,
  checksum: row.checksum,
});

// ——— Making a batch ———

/**
 * downloadCashbackPayouts: a new payout batch of the claims PAYABLE now, as an ABA (Direct Entry) file or CSV with
 * the clear bank details, after the operator re-enters their password. Its claims become IN_PAYOUT. The other
 * format is kept too when it can be made, so the batch can be downloaded either way later, byte for byte.
 * Nothing payable (a concurrent download took them): `no_payable_cashback_claims`; an ABA file without the Listwise
 * account configured: `payout_account_not_configured`. Audit-logged with the claims, total and checksum.
 */
export async function downloadCashbackPayouts(
  deps: Deps,
  admin: UserRow,
  input: { password: string; format: PayoutFileFormat },
  clientAddress: string,
): Promise<PayoutFile> {
  await checkPayoutPassword(deps, admin, input.password, clientAddress, { operation: 'downloadCashbackPayouts' });
  if (input.format === 'ABA' && !deps.config.payoutAccount) throw new AppError('payout_account_not_configured');
  return deps.db.transaction(async (tx) => {
    // One batch at a time: a second download waits here, then finds the claims the first took IN_PAYOUT.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('listwise:cashback-payout-batch'))`);
    const claims = await findPayableClaims(tx, deps.config.appSecret);
    if (!claims.length) throw new AppError('no_payable_cashback_claims');
    const now = deps.clock.now();
    const batch = {
      id: crypto.randomUUID(),
      processingDate: abaProcessingDate(calendarDateIn(now, LISTWISE_TIME_ZONE)),
      abaBalancingRecord: (await getSetting(tx, 'abaBalancingRecord')) === 1,
    };
    const file = buildFile(deps, batch, input.format, claims);
    await tx.insert(cashbackPayoutBatches).values({
      ...batch,
      createdAt: now,
      createdByUserId: admin.id,
      format: input.format,
      claimCount: claims.length,
      totalCents: file.totalCents,
      checksum: file.checksum,
    });
    await tx.insert(cashbackPayoutBatchClaims).values(claims.map((c, position) => ({ batchId: batch.id, claimId: c.claimId, position })));
    const moved = await tx
      .update(cashbackClaims)
      .set({ status: 'IN_PAYOUT' })
      .where(and(inArray(cashbackClaims.id, file.claimIds), eq(cashbackClaims.status, 'PAYABLE')))
      .returning({ id: cashbackClaims.id });
    if (moved.length !== claims.length) throw new Error('payout batch: a claim changed while the batch was made');
    await storeFile(deps, tx, file, now);
    const other: PayoutFileFormat = input.format === 'ABA' ? 'CSV' : 'ABA';
    if (other === 'CSV' || deps.config.payoutAccount) await storeFile(deps, tx, buildFile(deps, batch, other, claims), now);
    await recordAdminAction(tx, admin, now, {
      action: 'DOWNLOAD_CASHBACK_PAYOUTS',
      targetType: 'PAYOUT_BATCH',
      targetId: batch.id,
      details: {
        format: file.format,
        fileName: file.fileName,
        claimIds: file.claimIds,
        totalCents: file.totalCents,
        checksum: file.checksum,
      },
    });
    return file;
  });
}

async function findBatch(db: Tx, batchId: string, options: { lock?: boolean } = {}): Promise<PayoutBatchRow> {
  if (!isUuid(batchId)) throw notFound();
  const query = db.select().from(cashbackPayoutBatches).where(eq(cashbackPayoutBatches.id, batchId));
  const [batch] = options.lock ? await query.for('update') : await query;
  if (!batch) throw notFound();
  return batch;
}

/** The claims a batch still pays, in file order: those not returned and still IN_PAYOUT (none once it is paid). */
async function claimIdsStillInBatch(tx: Tx, batchId: string): Promise<string[]> {
  const rows = await tx
    .select({ claimId: cashbackPayoutBatchClaims.claimId })
    .from(cashbackPayoutBatchClaims)
    .innerJoin(cashbackClaims, eq(cashbackClaims.id, cashbackPayoutBatchClaims.claimId))
    .where(
      and(
        eq(cashbackPayoutBatchClaims.batchId, batchId),
        isNull(cashbackPayoutBatchClaims.returnedAt),
        eq(cashbackClaims.status, 'IN_PAYOUT'),
      ),
    )
    .orderBy(asc(cashbackPayoutBatchClaims.position));
  return rows.map((r) => r.claimId);
}

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * downloadCashbackPayoutBatch: a batch's file again, of the claims the batch still pays, for a processing date not
 * yet past. While neither has changed it is the stored file, byte for byte. A claim returned to PAYABLE since
 * (and so in a later batch), or a processing date gone by, makes the file again from the batch's claims now and
 * the first business day from today, stores it in place of the old one (the batch's processing date moves with
 * it) and answers it; from then on that file is the same each time. A batch with nothing left to pay (paid, or
 * every claim returned) answers `invalid_state`: no file can pay a seller twice. Password and audit as for the
 * first download.
 */
export async function downloadCashbackPayoutBatch(
  deps: Deps,
  admin: UserRow,
  input: { batchId: string; password: string; format: PayoutFileFormat },
  clientAddress: string,
): Promise<PayoutFile> {
  const found = await findBatch(deps.db, input.batchId);
  await checkPayoutPassword(deps, admin, input.password, clientAddress, { operation: 'downloadCashbackPayoutBatch', batchId: found.id });
  return deps.db.transaction(async (tx) => {
    // One download of a batch at a time: two that both remake the file store one and answer the same.
    const batch = await findBatch(tx, found.id, { lock: true });
    const now = deps.clock.now();
    const claimIds = await claimIdsStillInBatch(tx, batch.id);
    if (batch.paidAt || !claimIds.length) throw new AppError('invalid_state');
    const processingDate = abaProcessingDate(calendarDateIn(now, LISTWISE_TIME_ZONE), batch.processingDate);
    const current = { ...batch, processingDate };
    const stored = await tx.query.cashbackPayoutBatchFiles.findFirst({
      where: and(eq(cashbackPayoutBatchFiles.batchId, batch.id), eq(cashbackPayoutBatchFiles.format, input.format)),
    });
    let file: PayoutFile;
    if (stored && sameIds(stored.claimIds, claimIds) && stored.fileName === fileNameOf(current, input.format)) {
      file = openFile(deps, stored);
    } else {
      file = buildFile(deps, current, input.format, await findClaimsByIds(tx, deps.config.appSecret, claimIds));
      if (stored) {
        await tx
          .delete(cashbackPayoutBatchFiles)
          .where(and(eq(cashbackPayoutBatchFiles.batchId, batch.id), eq(cashbackPayoutBatchFiles.format, input.format)));
      }
      await storeFile(deps, tx, file, now);
      if (processingDate !== batch.processingDate) {
        await tx.update(cashbackPayoutBatches).set({ processingDate }).where(eq(cashbackPayoutBatches.id, batch.id));
      }
    }
    await recordAdminAction(tx, admin, now, {
      action: 'DOWNLOAD_CASHBACK_PAYOUT_BATCH',
      targetType: 'PAYOUT_BATCH',
      targetId: batch.id,
      details: {
        format: file.format,
        fileName: file.fileName,
        claimIds: file.claimIds,
        totalCents: file.totalCents,
        checksum: file.checksum,
        processingDate,
      },
    });
    return file;
  });
}

// ——— Listing and settling batches ———

/** Payout batches, newest first. */
export async function listPayoutBatches(db: Tx, args: PageArgs): Promise<Connection<PayoutBatchRow>> {
  const first = pageSize(args.first);
  const cursor = timeCursor(args.after);
  const t = cashbackPayoutBatches;
  const rows = await db
    .select({ row: t, key: keyOf(t.createdAt) })
    .from(t)
    .where(afterCursor(t.createdAt, t.id, cursor))
    .orderBy(...newestFirst(t.createdAt, t.id))
    .limit(first + 1);
  return keyedConnection(rows, first);
}

/** The claims of some batches, in file order (loaders). */
export const findClaimsOfBatches = (db: Tx, batchIds: readonly string[]) =>
  batchIds.length
    ? db
        .select({ entry: cashbackPayoutBatchClaims, claim: cashbackClaims })
        .from(cashbackPayoutBatchClaims)
        .innerJoin(cashbackClaims, eq(cashbackClaims.id, cashbackPayoutBatchClaims.claimId))
        .where(inArray(cashbackPayoutBatchClaims.batchId, [...batchIds]))
        .orderBy(asc(cashbackPayoutBatchClaims.position))
    : Promise.resolve([]);

/**
 * markCashbackPayoutBatchPaid: the bank made the batch's payments. Every claim still in it (not returned) becomes
 * PAID and its seller is e-mailed, as 'Mark paid' does for one claim. Paid already: `invalid_state`.
 */
export async function markCashbackPayoutBatchPaid(deps: Deps, admin: UserRow, batchId: string): Promise<PayoutBatchRow> {
  return deps.db.transaction(async (tx) => {
    const batch = await findBatch(tx, batchId, { lock: true });
    if (batch.paidAt) throw new AppError('invalid_state');
    const now = deps.clock.now();
    const inBatch = tx
      .select({ claimId: cashbackPayoutBatchClaims.claimId })
      .from(cashbackPayoutBatchClaims)
      .where(and(eq(cashbackPayoutBatchClaims.batchId, batch.id), isNull(cashbackPayoutBatchClaims.returnedAt)));
    const paid = await tx
      .update(cashbackClaims)
      .set({ status: 'PAID', paidAt: now, paidByUserId: admin.id })
      .where(and(inArray(cashbackClaims.id, inBatch), eq(cashbackClaims.status, 'IN_PAYOUT')))
      .returning();
    const updated = await tx
      .update(cashbackPayoutBatches)
      .set({ paidAt: now, paidByUserId: admin.id })
      .where(eq(cashbackPayoutBatches.id, batch.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'MARK_PAYOUT_BATCH_PAID',
      targetType: 'PAYOUT_BATCH',
      targetId: batch.id,
      details: { claimIds: paid.map((c) => c.id), totalCents: paid.reduce((sum, c) => sum + c.amountCents, 0) },
    });
    for (const claim of paid) await emailSellerCashbackPaid(deps, tx, claim);
    return updated;
  });
}

/**
 * returnCashbackClaimToPayable: the bank rejected one payment of a batch (a closed account, a wrong number). The
 * claim leaves the batch (kept in its history with the reason) and is PAYABLE again, for a later batch. Only a
 * claim IN_PAYOUT (`invalid_state` otherwise); a reason is required.
 */
export async function returnCashbackClaimToPayable(
  deps: Deps,
  admin: UserRow,
  input: { cashbackClaimId: string; reason: string },
): Promise<CashbackClaimRow> {
  if (!isUuid(input.cashbackClaimId)) throw notFound();
  const { reason } = parseInput(operatorReasonSchema, { reason: input.reason });
  return deps.db.transaction(async (tx) => {
    const [claim] = await tx.select().from(cashbackClaims).where(eq(cashbackClaims.id, input.cashbackClaimId)).for('update');
    if (!claim) throw notFound();
    if (claim.status !== 'IN_PAYOUT') throw new AppError('invalid_state');
    const now = deps.clock.now();
    const [entry] = await tx
      .update(cashbackPayoutBatchClaims)
      .set({ returnedAt: now, returnReason: reason })
      .where(and(eq(cashbackPayoutBatchClaims.claimId, claim.id), isNull(cashbackPayoutBatchClaims.returnedAt)))
      .returning();
    const returned = await tx
      .update(cashbackClaims)
      .set({ status: 'PAYABLE' })
      .where(eq(cashbackClaims.id, claim.id))
      .returning()
      .then(theRow);
    await recordAdminAction(tx, admin, now, {
      action: 'RETURN_CASHBACK_CLAIM',
      targetType: 'CASHBACK_CLAIM',
      targetId: claim.id,
      details: { batchId: entry?.batchId ?? null, reason, amountCents: claim.amountCents },
    });
    return returned;
  });
}
